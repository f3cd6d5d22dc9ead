package io.jacos.health;

import io.jacos.model.HealthCheck;

import java.util.concurrent.CompletableFuture;

/** Asks one target whether it is alive, without blocking the caller. */
public interface Prober {

    /**
     * Starts a probe of {@code host:port} as {@code check} says. The answer completes {@link ProbeResult#ALIVE}
     * when the target answered as expected, {@link ProbeResult#REFUSED} when its host refused the connection,
     * {@link ProbeResult#FAILED} when it failed or answered otherwise, and exceptionally when this side could not
     * probe at all (no sockets left, shutting down): that is no verdict on the target.
     * <p>
     * Completing the answer from outside (the checker does so when the probe times out) abandons the probe: the
     * prober then closes its socket. The answer may complete on an I/O thread; callers must hand it on quickly.
     */
    CompletableFuture<ProbeResult> probe(String host, int port, HealthCheck check);
}
