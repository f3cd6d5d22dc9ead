package io.jacos.event;

/** This node committed a namespace create, update or delete to the shared store and showed it. */
public record StoredNamespacesChanged() {
}
