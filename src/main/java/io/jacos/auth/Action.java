package io.jacos.auth;

/** What a request does to a namespace: reads it (query, subscribe, list) or writes it (register, beat, edit). */
public enum Action {
    READ, WRITE
}
