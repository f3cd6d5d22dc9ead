/**
 * Past-tense facts the registry announces after its indexes changed, one record type per fact. They carry
 * keys, never live objects, and firing them has no side effects; observers (push, later replication and
 * audit) read the registry's current state. May depend on {@code model} only.
 */
package io.jacos.event;
