package io.jacos.it.spring;

import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.Objects;

/**
 * {@link ShopApplication} in a JVM of its own, on another Spring Boot and Spring Cloud Alibaba than the test JVM's:
 * started with {@code spring.config.import} = the second argument against the server of the first, it prints
 * the Spring Boot version and the nacos-client jar it runs on, {@link #STARTED}, then {@code greeting=…} and {@code shop.size=…} as it sees them, again at each change, until
 * the test stops it (or five minutes pass).
 */
public final class ShopProcessMain {

    public static final String STARTED = "STARTED";

    private ShopProcessMain() {
    }

    public static void main(String[] args) throws Exception {
        ConfigurableApplicationContext application = new SpringApplicationBuilder(ShopApplication.class)
                .web(WebApplicationType.NONE)
                .properties("spring.application.name=shop", "spring.config.import=" + args[1],
                        "spring.cloud.nacos.config.server-addr=" + args[0], "greeting=unset")
                .run();
        Greeter greeter = application.getBean(Greeter.class);
        System.out.println("boot=" + SpringBootVersion.getVersion());
        System.out.println("nacos-client=" + com.alibaba.nacos.api.config.ConfigService.class.getProtectionDomain()
                .getCodeSource().getLocation());
        System.out.println(STARTED);
        String shown = null;
        long end = System.currentTimeMillis() + 300_000;
        while (System.currentTimeMillis() < end) {
            String now = "greeting=" + greeter.greeting() + " shop.size="
                    + application.getEnvironment().getProperty("shop.size");
            if (!Objects.equals(now, shown)) {
                System.out.println(now);
                shown = now;
            }
            // Child-process pacing: how often the bean is looked at, not a wait for a condition.
            Thread.sleep(100);
        }
        application.close();
    }
}
