package io.jacos.registry;

import io.jacos.registry.client.ClientView;

/**
 * When a beating (1.x) client last proved one of its instances alive, and whether an operator has fixed that
 * instance's health by hand ({@code marked}: the beat check then leaves it alone, as Nacos does). Written with
 * plain volatile stores, so a beat costs no lock.
 */
final class Lease {

    private volatile long renewedAtMillis;
    private volatile boolean marked;

    Lease(long nowMillis) {
        renewedAtMillis = nowMillis;
    }

    long renewedAtMillis() {
        return renewedAtMillis;
    }

    void renew(long nowMillis) {
        renewedAtMillis = Math.max(renewedAtMillis, nowMillis);
    }

    boolean marked() {
        return marked;
    }

    void marked(boolean value) {
        marked = value;
    }

    ClientView.LeaseState state() {
        return new ClientView.LeaseState(renewedAtMillis, marked);
    }
}
