package io.jacos.it.faults;

import io.jacos.it.support.NetworkNamespaces;

/** {@code kill -<signal> <pid>}, by one process's id only. */
final class Signals {

    private Signals() {
    }

    static void send(String signal, long pid) {
        NetworkNamespaces.run("kill", signal, Long.toString(pid));
    }
}
