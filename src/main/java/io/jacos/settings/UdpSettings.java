package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/** UDP push to 1.x subscribers: whether it runs, its port, acks and resends, and how long a subscription lasts. */
@ApplicationScoped
public class UdpSettings {

    public static final Setting PUSH_ENABLED = new Setting("jacos.udp.push-enabled", "true");
    public static final Setting PORT = new Setting("jacos.udp.port", "0");
    public static final Setting ACK_TIMEOUT = new Setting("jacos.udp.ack-timeout", "10000");
    public static final Setting MAX_RETRANSMITS = new Setting("jacos.udp.max-retransmits", "1");
    public static final Setting SUBSCRIBER_EXPIRY = new Setting("jacos.udp.subscriber-expiry", "180000");
    public static final Setting MAX_SUBSCRIBERS_PER_SOURCE =
            new Setting("jacos.udp.max-subscribers-per-source", "16");

    static final List<Setting> SETTINGS = List.of(PUSH_ENABLED, PORT, ACK_TIMEOUT, MAX_RETRANSMITS,
            SUBSCRIBER_EXPIRY, MAX_SUBSCRIBERS_PER_SOURCE);

    private boolean udpPushEnabled;
    private int udpPort;
    private long udpAckTimeoutMillis;
    private int udpMaxRetransmits;
    private long udpSubscriberExpiryMillis;
    private int udpMaxSubscribersPerSource;

    /** Nothing read, every value zero or false: for the container's proxy, and tests that override what they use. */
    public UdpSettings() {
    }

    @Inject
    public UdpSettings(Config config) {
        udpPushEnabled = PUSH_ENABLED.booleanValue(config);
        udpPort = PORT.intValue(config);
        udpAckTimeoutMillis = ACK_TIMEOUT.longValue(config);
        udpMaxRetransmits = MAX_RETRANSMITS.intValue(config);
        udpSubscriberExpiryMillis = SUBSCRIBER_EXPIRY.longValue(config);
        udpMaxSubscribersPerSource = MAX_SUBSCRIBERS_PER_SOURCE.intValue(config);
    }

    public boolean udpPushEnabled() {
        return udpPushEnabled;
    }

    /** Port of that socket; 0 = any free port. */
    public int udpPort() {
        return udpPort;
    }

    /** A UDP push not acknowledged within this is sent again, up to {@link #udpMaxRetransmits} times. */
    public long udpAckTimeoutMillis() {
        return udpAckTimeoutMillis;
    }

    public int udpMaxRetransmits() {
        return udpMaxRetransmits;
    }

    /** A 1.x subscription not renewed by a poll for this long is dropped. */
    public long udpSubscriberExpiryMillis() {
        return udpSubscriberExpiryMillis;
    }

    /** UDP subscriber endpoints the list calls of one source address may name at most; 0 = no limit. */
    public int udpMaxSubscribersPerSource() {
        return udpMaxSubscribersPerSource;
    }
}
