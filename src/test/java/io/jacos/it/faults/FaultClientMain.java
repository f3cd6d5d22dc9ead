package io.jacos.it.faults;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

/**
 * A JVM of its own on a client host running {@code apps} applications, each with its own real client of the
 * nacos-client on the class path (its own connection, or its own beats and UDP port for 1.x), and telling the
 * checker on stdout, one machine-readable line per fact, {@code @<app> <kind> <epochMillis> ...}:
 * <ul>
 *   <li>{@code CLIENT 1} or {@code CLIENT 2} first: the generation of the nacos-client, as 1.x subscribers also
 *   list from a node of their choice and so are judged by rules of their own;</li>
 *   <li>{@code PUSH t service ip:port,...} for every listener call (sorted; {@code ip:port!} when unhealthy);</li>
 *   <li>{@code ACK t REG|DEREG service ip:port OK} or {@code ... FAIL <code> <message>} per call it made;</li>
 *   <li>untagged, {@code REDO t REGISTER|UNREGISTER|REMOVE group@@service} whenever a 2.x client's redo task
 *   is about to act on an instance ({@link RedoLines}): which of the apps it was, the client does not say.</li>
 * </ul>
 * App {@code k} registers one instance of {@code <service>} on {@code stablePort + k} that it keeps to the end,
 * subscribes to both services, then while the file {@code <churnFlag>} exists registers an instance of
 * {@code <service>-churn} on a port never used before (from {@code firstChurnPort + 100 k}), holds it a random
 * while, deregisters it, and again. A 2.x client holds one instance per service, so churn needs its own service.
 * The waits come from {@code <seed>}. {@value #READY} is printed once every app registered, {@code QUIET t} once
 * every app stopped churning.
 * <p>
 * Arguments: {@code serverAddr service ip stablePort firstChurnPort churnFlag seed apps}.
 */
public final class FaultClientMain {

    public static final String READY = "READY";
    /** Churn ports each app may use: more than a scenario's churn makes. */
    static final int CHURN_PORTS = 100;

    private FaultClientMain() {
    }

    public static void main(String[] args) throws Exception {
        // Tens of clients log every push in full at INFO: hundreds of megabytes a scenario, read back by the checker.
        // Their warnings and errors stay; the facts the checker needs are the tagged lines.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        RedoLines.install(FaultClientMain::print);
        Path churning = Path.of(args[5]);
        Random seeds = new Random(Long.parseLong(args[6]));
        int apps = Integer.parseInt(args[7]);
        List<Thread> churners = new ArrayList<>();
        List<Runnable> churns = new ArrayList<>();
        for (int k = 0; k < apps; k++) {
            App app = new App(k, args[0], args[1], args[2], new Random(seeds.nextLong()));
            app.print("CLIENT " + generation());
            app.subscribe();
            app.registerStable(Integer.parseInt(args[3]) + k);
            int firstChurnPort = Integer.parseInt(args[4]) + k * CHURN_PORTS;
            churns.add(() -> app.churnWhile(churning, firstChurnPort));
        }
        print(READY);
        for (Runnable churn : churns) {
            Thread churner = new Thread(churn, "churn");
            churner.start();
            churners.add(churner);
        }
        for (Thread churner : churners) {
            churner.join();
        }
        print("QUIET " + System.currentTimeMillis());
        new CountDownLatch(1).await();
    }

    /** One application: its own naming client, its stable instance and its churn. */
    private static final class App {

        private final String tag;
        private final String service;
        private final String ip;
        private final Random random;
        private final NamingService naming;

        App(int index, String serverAddr, String service, String ip, Random random) throws NacosException {
            Properties properties = new Properties();
            properties.setProperty(PropertyKeyConst.SERVER_ADDR, serverAddr);
            this.tag = "@" + index + " ";
            this.service = service;
            this.ip = ip;
            this.random = random;
            this.naming = NamingFactory.createNamingService(properties);
        }

        void subscribe() throws NacosException {
            for (String name : List.of(service, service + "-churn")) {
                naming.subscribe(name, event -> {
                    if (event instanceof NamingEvent pushed) {
                        print("PUSH " + System.currentTimeMillis() + " " + name + " " + pushed.getInstances().stream()
                                .map(i -> i.getIp() + ":" + i.getPort() + (i.isHealthy() ? "" : "!"))
                                .sorted().collect(Collectors.joining(",")));
                    }
                });
            }
        }

        /** Bounded: an app that cannot register in two minutes ends the JVM, and the scenario fails on its READY. */
        void registerStable(int port) throws InterruptedException {
            for (int attempt = 0; !call(true, service, port); attempt++) {
                if (attempt >= 120) {
                    System.exit(2);
                }
                Thread.sleep(1000);
            }
        }

        void churnWhile(Path churning, int firstPort) {
            try {
                for (int port = firstPort; Files.exists(churning) && port < firstPort + CHURN_PORTS; port++) {
                    if (call(true, service + "-churn", port)) {
                        Thread.sleep(1000 + random.nextInt(3000));
                        call(false, service + "-churn", port);
                    }
                    Thread.sleep(300 + random.nextInt(1200));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private boolean call(boolean register, String name, int port) {
            String what = (register ? " REG " : " DEREG ") + name + " " + ip + ":" + port;
            try {
                if (register) {
                    Instance instance = new Instance();
                    instance.setIp(ip);
                    instance.setPort(port);
                    naming.registerInstance(name, instance);
                } else {
                    naming.deregisterInstance(name, ip, port);
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

        private void print(String line) {
            FaultClientMain.print(tag + line);
        }
    }

    /** 2 when the gRPC client of 2.x and later is on the class path, else 1. */
    private static int generation() {
        try {
            Class.forName("com.alibaba.nacos.common.remote.client.RpcClient");
            return 2;
        } catch (ClassNotFoundException e) {
            return 1;
        }
    }

    static synchronized void print(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
