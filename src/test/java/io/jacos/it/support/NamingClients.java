package io.jacos.it.support;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

/**
 * Opens real nacos-client {@link NamingService}s against one server and shuts every one of them down on
 * {@link #close()}, so each test ends with no client left connected.
 */
public final class NamingClients implements AutoCloseable {

    private final String serverAddr;
    private final List<NamingService> opened = new ArrayList<>();

    public NamingClients(String serverAddr) {
        this.serverAddr = serverAddr;
    }

    /** A client in the {@code public} namespace. */
    public NamingService open() {
        return open(Map.of());
    }

    /** A client with extra client properties (e.g. {@link PropertyKeyConst#NAMESPACE}). */
    public synchronized NamingService open(Map<String, String> extra) {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, serverAddr);
        properties.putAll(extra);
        try {
            NamingService naming = NamingFactory.createNamingService(properties);
            opened.add(naming);
            return naming;
        } catch (NacosException e) {
            throw new IllegalStateException("cannot create a naming client for " + serverAddr, e);
        }
    }

    /** Shuts one client down now (as an application would on exit); {@link #close()} then skips it. */
    public synchronized void shutDown(NamingService naming) throws NacosException {
        opened.remove(naming);
        naming.shutDown();
    }

    @Override
    public synchronized void close() {
        for (NamingService naming : opened) {
            try {
                naming.shutDown();
            } catch (NacosException | RuntimeException e) {
                // Best effort: a client that cannot shut down cleanly must not hide the test's own result.
            }
        }
        opened.clear();
    }

    /** A service name no other test uses, so tests can share one server. */
    public static String uniqueName(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** An instance as an application registers it. */
    public static Instance instance(String ip, int port) {
        Instance instance = new Instance();
        instance.setIp(ip);
        instance.setPort(port);
        return instance;
    }

    /** The {@code ip:port} of each instance, sorted: what a caller could connect to. */
    public static List<String> endpoints(List<Instance> instances) {
        return instances.stream().map(i -> i.getIp() + ":" + i.getPort()).sorted().toList();
    }
}
