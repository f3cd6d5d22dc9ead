package io.jacos.transport.http.forward;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * A {@link PeerForwarding} built at its first use, so that a standalone node never starts the HTTP client's
 * selector thread. The executor is supplied late: a container resource, injected after construction.
 */
public final class LazyPeerForwarding {

    private final Supplier<? extends Executor> executor;
    private final PeerForwarding.Origin origin;
    private final Duration requestTimeout;
    private volatile PeerForwarding built;

    public LazyPeerForwarding(Supplier<? extends Executor> executor, PeerForwarding.Origin origin,
                              Duration requestTimeout) {
        this.executor = executor;
        this.origin = origin;
        this.requestTimeout = requestTimeout;
    }

    public PeerForwarding get() {
        PeerForwarding forwarding = built;
        if (forwarding == null) {
            synchronized (this) {
                if (built == null) {
                    built = new PeerForwarding(PeerForwarding.client(executor.get()), origin, requestTimeout);
                }
                forwarding = built;
            }
        }
        return forwarding;
    }
}
