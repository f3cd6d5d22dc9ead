/**
 * The registry: the single writer of the naming indexes (the {@code Registry} EJB singleton, bean-managed
 * concurrency) and {@code RegistryReader} for lock-free reads of the same indexes on hot paths. The writer
 * fires {@code event} records after each change. May depend on {@code model}, {@code event},
 * {@code settings} and {@code task} (and its own sub-packages).
 */
package io.jacos.registry;
