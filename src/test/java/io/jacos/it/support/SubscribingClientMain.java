package io.jacos.it.support;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;

import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

/**
 * A subscriber in a JVM of its own (possibly on another nacos-client version than the test): subscribes to one
 * service, prints {@value #SUBSCRIBED}, then one line {@code EVENT ip:port,ip:port} (sorted) per listener call.
 * Arguments: {@code serverAddr service [namespace]}.
 */
public final class SubscribingClientMain {

    public static final String SUBSCRIBED = "SUBSCRIBED";
    public static final String EVENT = "EVENT ";

    private SubscribingClientMain() {
    }

    public static void main(String[] args) throws Exception {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, args[0]);
        if (args.length > 2) {
            properties.setProperty(PropertyKeyConst.NAMESPACE, args[2]);
        }
        NamingService naming = NamingFactory.createNamingService(properties);
        naming.subscribe(args[1], event -> {
            if (event instanceof NamingEvent naming1) {
                String endpoints = naming1.getInstances().stream().map(i -> i.getIp() + ":" + i.getPort())
                        .sorted().collect(Collectors.joining(","));
                System.out.println(EVENT + endpoints);
                System.out.flush();
            }
        });
        System.out.println(SUBSCRIBED);
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
