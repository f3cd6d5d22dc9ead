package io.jacos.event;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;

/**
 * A 1.x client's beat was answered: {@code KNOWN} renewed a lease, {@code REREGISTERED} brought a full beat's
 * instance back, {@code UNKNOWN} found nothing to renew (the client is told to register again).
 */
public record BeatReceived(ClientId client, ServiceKey service, Outcome outcome) {

    public enum Outcome { KNOWN, REREGISTERED, UNKNOWN }
}
