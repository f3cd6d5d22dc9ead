/**
 * The registry: the single writer of the naming indexes (the {@code Registry} EJB singleton, bean-managed
 * concurrency), which owns them and makes the {@code RegistryReader} for lock-free reads on hot paths. Readers
 * get values (service views, client views, snapshots), never the registry's own clients or leases, whose
 * mutators only this package reaches. The writer fires {@code event} records after each change. Depends on
 * {@code model}, {@code event}, {@code infrastructure}, {@code task} and its own sub-packages only.
 */
package io.jacos.registry;
