package io.jacos.application;

/**
 * The naming switches an operator may change while the server runs (Nacos's {@code PUT /operator/switches}):
 * {@code clientBeatInterval}, the beat interval this server tells 1.x clients whose instances do not set their
 * own, and {@code lightBeatEnabled}, whether their later beats may leave out the instance. Both only change what
 * the next answers say, so they take effect at once. Each starts at its setting; a change holds on this node until
 * it stops: it is neither stored nor sent to other nodes. Every other switch follows settings read at start, and
 * a change of it is refused rather than answered as if it had been made.
 */
public interface RuntimeSwitches {

    String CLIENT_BEAT_INTERVAL = "clientBeatInterval";
    String LIGHT_BEAT_ENABLED = "lightBeatEnabled";

    long beatIntervalMillis();

    boolean lightBeatEnabled();

    /** The beat interval and timeouts instances get when they do not set their own. */
    BeatTimes beatTimes();

    /**
     * Sets one switch by its Nacos entry name and text value. 400 naming {@code entry} for a switch this server
     * cannot change while it runs or does not have, and naming {@code value} for a value the switch cannot take.
     */
    void change(String entry, String value);
}
