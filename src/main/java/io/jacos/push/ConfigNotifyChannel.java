package io.jacos.push;

import io.jacos.model.ConfigKey;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** A transport that tells a listening connection a configuration changed, and reports the client's ack. */
public interface ConfigNotifyChannel {

    /**
     * Sends the notification naming the configuration under {@code tenant}, the listener's own spelling of the
     * namespace; completes when the client acknowledged it, exceptionally when it refused, failed or timed out.
     * Empty when the connection is not this channel's (or is gone).
     */
    Optional<CompletionStage<Void>> notify(String connection, ConfigKey key, String tenant);
}
