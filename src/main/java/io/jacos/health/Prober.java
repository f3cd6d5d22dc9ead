package io.jacos.health;

import io.jacos.model.HealthCheck;

import java.util.concurrent.CompletableFuture;

/** Asks one target whether it is alive, without blocking the caller. */
public interface Prober {

    /**
     * Starts a probe of {@code host:port} as {@code check} says. The answer completes true when the target
     * answered as expected, false when it refused, failed or answered otherwise, and exceptionally when this
     * side could not probe at all (no sockets left, shutting down): that is no verdict on the target.
     * <p>
     * Completing the answer from outside (the checker does so when the probe times out) abandons the probe: the
     * prober then closes its socket. The answer may complete on an I/O thread; callers must hand it on quickly.
     */
    CompletableFuture<Boolean> probe(String host, int port, HealthCheck check);
}
