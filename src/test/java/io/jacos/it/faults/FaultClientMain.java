package io.jacos.it.faults;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;

import java.util.Properties;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

/**
 * One application in a JVM of its own on a client host, with the real nacos-client 2.5.1, telling the checker on
 * stdout, one machine-readable line per fact ({@code <kind> <epochMillis> ...}):
 * <ul>
 *   <li>{@code PUSH t service ip:port,...} for every listener call (sorted; {@code ip:port!} when unhealthy);</li>
 *   <li>{@code ACK t REG|DEREG service ip:port OK} or {@code ... FAIL <code> <message>} per call it made.</li>
 * </ul>
 * It registers one instance of {@code <service>} on {@code <stablePort>} that it keeps to the end, subscribes to
 * both services, prints {@value #READY}, then while the file {@code <churnFlag>} exists registers an instance of
 * {@code <service>-churn} on a port never used before, holds it a random while, deregisters it, and again. A 2.x
 * client holds one instance per service, so churn needs its own service. The waits come from {@code <seed>}.
 * <p>
 * Arguments: {@code serverAddr service ip stablePort firstChurnPort churnFlag seed}.
 */
public final class FaultClientMain {

    public static final String READY = "READY";

    private FaultClientMain() {
    }

    public static void main(String[] args) throws Exception {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, args[0]);
        String service = args[1];
        String churn = service + "-churn";
        String ip = args[2];
        int nextPort = Integer.parseInt(args[4]);
        java.nio.file.Path churning = java.nio.file.Path.of(args[5]);
        Random random = new Random(Long.parseLong(args[6]));
        NamingService naming = NamingFactory.createNamingService(properties);
        for (String name : new String[] {service, churn}) {
            naming.subscribe(name, event -> {
                if (event instanceof NamingEvent pushed) {
                    print("PUSH " + System.currentTimeMillis() + " " + name + " " + pushed.getInstances().stream()
                            .map(i -> i.getIp() + ":" + i.getPort() + (i.isHealthy() ? "" : "!"))
                            .sorted().collect(Collectors.joining(",")));
                }
            });
        }
        // Bounded: a client that cannot register in two minutes ends, and the scenario fails on its missing READY.
        for (int attempt = 0; !call(naming, true, service, ip, Integer.parseInt(args[3])); attempt++) {
            if (attempt >= 120) {
                System.exit(2);
            }
            Thread.sleep(1000);
        }
        print(READY);
        while (java.nio.file.Files.exists(churning)) {
            int port = nextPort++;
            if (call(naming, true, churn, ip, port)) {
                Thread.sleep(1000 + random.nextInt(3000));
                call(naming, false, churn, ip, port);
            }
            Thread.sleep(300 + random.nextInt(1200));
        }
        print("QUIET " + System.currentTimeMillis());
        new CountDownLatch(1).await();
    }

    private static boolean call(NamingService naming, boolean register, String service, String ip, int port) {
        String what = (register ? " REG " : " DEREG ") + service + " " + ip + ":" + port;
        try {
            if (register) {
                Instance instance = new Instance();
                instance.setIp(ip);
                instance.setPort(port);
                naming.registerInstance(service, instance);
            } else {
                naming.deregisterInstance(service, ip, port);
            }
            print("ACK " + System.currentTimeMillis() + what + " OK");
            return true;
        } catch (NacosException e) {
            print("ACK " + System.currentTimeMillis() + what + " FAIL " + e.getErrCode() + " "
                    + String.valueOf(e.getErrMsg()).replace('\n', ' '));
            return false;
        } catch (RuntimeException e) {
            print("ACK " + System.currentTimeMillis() + what + " FAIL none " + e);
            return false;
        }
    }

    private static synchronized void print(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
