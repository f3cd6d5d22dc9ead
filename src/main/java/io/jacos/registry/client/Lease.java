package io.jacos.registry.client;

/**
 * When a beating (1.x) client last proved one of its instances alive, and whether an operator has fixed that
 * instance's health by hand ({@code marked}: the beat check then leaves it alone, as Nacos does). Written with
 * plain volatile stores, so a beat costs no lock.
 */
public final class Lease {

    private volatile long renewedAtMillis;
    private volatile boolean marked;

    Lease(long nowMillis) {
        renewedAtMillis = nowMillis;
    }

    public long renewedAtMillis() {
        return renewedAtMillis;
    }

    public void renew(long nowMillis) {
        renewedAtMillis = Math.max(renewedAtMillis, nowMillis);
    }

    public boolean marked() {
        return marked;
    }

    public void marked(boolean value) {
        marked = value;
    }
}
