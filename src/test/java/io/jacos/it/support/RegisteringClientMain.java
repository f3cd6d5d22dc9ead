package io.jacos.it.support;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;

/**
 * An application in a JVM of its own: registers one instance with the real nacos-client, prints
 * {@value #REGISTERED} and then lives until it is killed. Tests use it to kill or freeze a client for real.
 * <p>
 * Arguments: {@code serverAddr service ip port [namespace [metadata]]}, metadata as {@code k=v;k2=v2}. Uses only
 * API that nacos-client 1.4.6, 2.5.1 and 3.1.1 share, so it runs on any of them.
 */
public final class RegisteringClientMain {

    public static final String REGISTERED = "REGISTERED";

    private RegisteringClientMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: RegisteringClientMain <serverAddr> <service> <ip> <port> [namespace [k=v;k=v]]");
            System.exit(2);
        }
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, args[0]);
        if (args.length > 4) {
            properties.setProperty(PropertyKeyConst.NAMESPACE, args[4]);
        }
        NamingService naming = NamingFactory.createNamingService(properties);
        Instance instance = new Instance();
        instance.setIp(args[2]);
        instance.setPort(Integer.parseInt(args[3]));
        if (args.length > 5) {
            Map<String, String> metadata = new HashMap<>();
            for (String pair : args[5].split(";")) {
                int eq = pair.indexOf('=');
                metadata.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
            instance.setMetadata(metadata);
        }
        naming.registerInstance(args[1], instance);
        System.out.println(REGISTERED);
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
