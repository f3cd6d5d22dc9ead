package io.jacos.bench;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.AbstractEventListener;
import com.alibaba.nacos.api.naming.listener.Event;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Removal seen after a client closes: a fresh publisher registers, the subscriber sees the instance, the
 * publisher calls {@code shutDown()}; latency runs from the start of shutDown until the subscriber's listener
 * sees the instance gone. An anchor instance keeps the service non-empty, so the client's handling of an empty
 * list plays no part.
 */
final class RemovalPhase {

    private static final String ANCHOR_IP = "10.9.9.9";
    private static final String PUBLISHER_IP = "10.8.0.1";

    record Result(Latencies.Summary seen, Latencies.Summary shutDownCall) {
    }

    /** The instance being watched in the current round; replaced at the start of each round. */
    private record Round(int port, CountDownLatch appeared, CountDownLatch gone, AtomicLong goneNanos) {
    }

    private final Clients clients;
    private final NamingService subscriber;
    private final String service;
    private final long timeoutMillis;
    private volatile Round round = new Round(-1, new CountDownLatch(0), new CountDownLatch(0), new AtomicLong());

    RemovalPhase(Clients clients, NamingService subscriber, String service, long timeoutMillis) {
        this.clients = clients;
        this.subscriber = subscriber;
        this.service = service;
        this.timeoutMillis = timeoutMillis;
    }

    Result run(int rounds) throws Exception {
        Instance anchor = new Instance();
        anchor.setIp(ANCHOR_IP);
        anchor.setPort(1);
        subscriber.registerInstance(service, RegistrationPhase.GROUP, anchor);
        subscriber.subscribe(service, RegistrationPhase.GROUP, listener());
        Latencies seen = new Latencies();
        Latencies shutDownCall = new Latencies();
        for (int r = 0; r < rounds; r++) {
            NamingService publisher = clients.create();
            Round current = new Round(30_000 + r, new CountDownLatch(1), new CountDownLatch(1), new AtomicLong());
            round = current;
            Instance instance = new Instance();
            instance.setIp(PUBLISHER_IP);
            instance.setPort(current.port());
            publisher.registerInstance(service, RegistrationPhase.GROUP, instance);
            if (!current.appeared().await(timeoutMillis, TimeUnit.MILLISECONDS)) {
                clients.shutDown(publisher);
                continue; // not a removal measurement; nothing to time
            }
            long start = System.nanoTime();
            clients.shutDown(publisher);
            shutDownCall.add(System.nanoTime() - start);
            if (current.gone().await(timeoutMillis, TimeUnit.MILLISECONDS)) {
                seen.add(current.goneNanos().get() - start);
            } else {
                seen.miss();
            }
        }
        return new Result(seen.summary(), shutDownCall.summary());
    }

    private AbstractEventListener listener() {
        return new AbstractEventListener() {
            @Override
            public void onEvent(Event event) {
                long now = System.nanoTime();
                Round current = round;
                if (!(event instanceof NamingEvent naming)) {
                    return;
                }
                if (contains(naming.getInstances(), current.port())) {
                    current.appeared().countDown();
                } else if (current.appeared().getCount() == 0 && current.goneNanos().compareAndSet(0, now)) {
                    current.gone().countDown();
                }
            }
        };
    }

    private static boolean contains(List<Instance> instances, int port) {
        for (Instance instance : instances) {
            if (PUBLISHER_IP.equals(instance.getIp()) && instance.getPort() == port) {
                return true;
            }
        }
        return false;
    }
}
