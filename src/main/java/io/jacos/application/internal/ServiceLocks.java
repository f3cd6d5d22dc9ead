package io.jacos.application.internal;

import io.jacos.model.ServiceKey;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Striped monitors that serialize the durable writes of one service (store, then indexes), so two writes of
 * the same instance can't reach the database in one order and the indexes in the other. Fixed size: the
 * number of services a client can name doesn't grow it.
 */
@ApplicationScoped
public class ServiceLocks {

    private static final int STRIPES = 256;

    private final Object[] stripes = new Object[STRIPES];

    public ServiceLocks() {
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Object();
        }
    }

    public Object of(ServiceKey service) {
        return stripes[Math.floorMod(service.hashCode(), STRIPES)];
    }
}
