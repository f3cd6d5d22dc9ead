package io.jacos.transport.udp;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of the UDP transport, below what {@link io.jacos.push.PushStats} counts per channel (pushes
 * acknowledged or failed): how many datagrams went out and came back, and why pushes did not complete.
 */
@ApplicationScoped
public class UdpStats {

    private final LongAdder sent = new LongAdder();
    private final LongAdder retransmitted = new LongAdder();
    private final LongAdder acksReceived = new LongAdder();
    private final LongAdder acksUnmatched = new LongAdder();
    private final LongAdder timedOut = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder ignored = new LongAdder();

    /** Pushes sent for the first time (retransmits not included). */
    public long sentCount() {
        return sent.sum();
    }

    /** Pushes sent again because their ack did not come in time. */
    public long retransmittedCount() {
        return retransmitted.sum();
    }

    /** Well-formed {@code push-ack} datagrams, matched or not. */
    public long acksReceivedCount() {
        return acksReceived.sum();
    }

    /** Acks that answered no waiting push: late (after the timeout), repeated, or from another address. */
    public long acksUnmatchedCount() {
        return acksUnmatched.sum();
    }

    /** Pushes that failed because no ack came after every retransmit. */
    public long timedOutCount() {
        return timedOut.sum();
    }

    /** Pushes not sent at all: too large for a datagram, too many awaiting acks, or a send error. */
    public long refusedCount() {
        return refused.sum();
    }

    /** Datagrams that were not a {@code push-ack}: malformed, or another type such as {@code dump-ack}. */
    public long ignoredCount() {
        return ignored.sum();
    }

    /** Every counter by name, in a stable order, for an operator endpoint. */
    public Map<String, Long> snapshot() {
        Map<String, Long> all = new LinkedHashMap<>();
        all.put("sent", sentCount());
        all.put("retransmitted", retransmittedCount());
        all.put("acksReceived", acksReceivedCount());
        all.put("acksUnmatched", acksUnmatchedCount());
        all.put("timedOut", timedOutCount());
        all.put("refused", refusedCount());
        all.put("ignored", ignoredCount());
        return all;
    }

    void sent() {
        sent.increment();
    }

    void retransmitted() {
        retransmitted.increment();
    }

    void ackReceived() {
        acksReceived.increment();
    }

    void ackUnmatched() {
        acksUnmatched.increment();
    }

    void timedOut() {
        timedOut.increment();
    }

    void refused() {
        refused.increment();
    }

    void ignored() {
        ignored.increment();
    }
}
