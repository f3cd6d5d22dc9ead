/**
 * The registry: the single writer of the naming indexes (the {@code Registry} EJB singleton, bean-managed
 * concurrency), which owns them and makes the {@code RegistryReader} for lock-free reads on hot paths. Readers
 * get values (service views, client views, snapshots), never the registry's own clients or leases, whose
 * mutators only this package reaches. The writer fires {@code event} records after each change. May depend on
 * {@code model}, {@code event}, {@code task} and {@code settings} (and its own sub-packages).
 */
package io.jacos.registry;
