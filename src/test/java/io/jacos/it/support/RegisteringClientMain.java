package io.jacos.it.support;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;

import java.util.Properties;
import java.util.concurrent.CountDownLatch;

/**
 * An application in a JVM of its own: registers one instance with the real nacos-client, prints
 * {@value #REGISTERED} and then lives until it is killed. Tests use it to kill or freeze a client for real.
 * <p>
 * Arguments: {@code serverAddr service ip port}.
 */
public final class RegisteringClientMain {

    public static final String REGISTERED = "REGISTERED";

    private RegisteringClientMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: RegisteringClientMain <serverAddr> <service> <ip> <port>");
            System.exit(2);
        }
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, args[0]);
        NamingService naming = NamingFactory.createNamingService(properties);
        naming.registerInstance(args[1], args[2], Integer.parseInt(args[3]));
        System.out.println(REGISTERED);
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
