package io.jacos.bench;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.AbstractEventListener;
import com.alibaba.nacos.api.naming.listener.Event;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;

/**
 * One subscriber as the push phases see it: it subscribes to a service and reports, for every instance list it
 * is given, the sequence number that the publisher's instance carries in its metadata.
 */
interface PushSubscriber {

    /** Called for every instance list pushed: the publisher's {@code seq} (-2 when absent) and when it arrived. */
    @FunctionalInterface
    interface SeqListener {
        void seen(int seq, long arrivalNanos);
    }

    void subscribe(String service, String group, String publisherIp, int publisherPort, SeqListener listener)
            throws Exception;

    /** A real nacos-client NamingService: the time is when its listener runs. */
    static PushSubscriber of(NamingService naming) {
        return (service, group, publisherIp, publisherPort, listener) ->
                naming.subscribe(service, group, new AbstractEventListener() {
                    @Override
                    public void onEvent(Event event) {
                        long now = System.nanoTime();
                        if (event instanceof NamingEvent namingEvent) {
                            listener.seen(seqOf(namingEvent, publisherIp, publisherPort), now);
                        }
                    }
                });
    }

    private static int seqOf(NamingEvent event, String publisherIp, int publisherPort) {
        for (Instance instance : event.getInstances()) {
            if (publisherIp.equals(instance.getIp()) && instance.getPort() == publisherPort) {
                return parseSeq(instance.getMetadata().get(PushLatencyPhase.SEQ));
            }
        }
        return -2;
    }

    static int parseSeq(String seq) {
        if (seq == null) {
            return -2;
        }
        try {
            return Integer.parseInt(seq);
        } catch (NumberFormatException e) {
            return -2;
        }
    }
}
