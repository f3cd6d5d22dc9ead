/**
 * Past-tense facts announced after a change is visible, one record type per fact: the registry's after its
 * indexes changed, the application's {@code Stored*Changed} after a write to the shared store. They carry keys,
 * never live objects, and firing them has no side effects; observers (push, replication, audit) read the
 * current state. May depend on {@code model}.
 */
package io.jacos.event;
