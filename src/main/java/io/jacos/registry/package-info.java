/**
 * The registry: the single writer of the naming indexes (the {@code Registry} EJB singleton, bean-managed
 * concurrency), {@code RegistryReader} for lock-free reads of the same indexes on hot paths, and the model
 * they store. The writer fires {@code event} records after each change. Depends on {@code event},
 * {@code infrastructure}, {@code task} and its own sub-packages only.
 */
package io.jacos.registry;
