package io.jacos.application;

import io.jacos.model.ChangeOrigin;
/**
 * The 1.x client model (HTTP open API): an instance belongs to the client named by its own {@code ip:port} and
 * lives as long as beats renew it; a subscriber is named by the {@code clientIP:udpPort} it lists with and
 * lives as long as its polls renew it. Every operation either applies completely or throws and changes nothing.
 */
public interface IpPortClientService {

    /** Registers (or replaces) the instance of client {@code ip:port} in the service. */
    void register(ServiceRef service, InstanceSpec instance);

    /** Like {@link #register}, but the service must already exist (404 otherwise), as Nacos's update. */
    void update(ServiceRef service, InstanceSpec instance);

    /** Withdraws client {@code ip:port}'s instance from the service; false when it had none there. */
    boolean deregister(ServiceRef service, String ip, Integer port, boolean ephemeral);

    /** A beat: renews the instance, heals it if it was marked unhealthy, or tells the client to register. */
    BeatAnswer beat(ServiceRef service, BeatSpec beat);

    /**
     * A 1.x list call from {@code source} (the address the request came from). With {@code udpPort > 0} it also
     * subscribes {@code subscriberIp:udpPort} (or renews that subscription) so the subscriber is pushed every later
     * change over UDP, but only when {@code subscriberIp} is an IP literal (a host name is never looked up) and
     * {@code source} names no more than its limit of other subscriber endpoints. The list is answered either way.
     */
    Selection list(ServiceRef service, String clusters, boolean healthyOnly, String subscriberIp, int udpPort,
                   String source);

    /**
     * Sets an instance's health by hand; the beat check then leaves it alone until the client registers again.
     * False when client {@code ip:port} has no instance in the service.
     */
    boolean setHealth(ServiceRef service, String ip, Integer port, boolean healthy, ChangeOrigin origin);

    /** The beat check: marks silent instances unhealthy, removes long-silent ones, drops unpolled subscriptions. */
    void expireLeases();

    /** What a 1.x client sent as a beat; {@code full} when it carried the beat body (not a light beat). */
    record BeatSpec(String ip, Integer port, String clusterName, Double weight,
                    java.util.Map<String, String> metadata, boolean full) {
    }

    /** The beat answer: {@code code} 10200 (known) or 20404 (register again), and the next beat interval. */
    record BeatAnswer(int code, long clientBeatInterval, boolean lightBeatEnabled) {

        public static final int OK = 10200;
        public static final int NOT_FOUND = 20404;
    }
}
