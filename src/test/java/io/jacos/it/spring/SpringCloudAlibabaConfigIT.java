package io.jacos.it.spring;

import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A Spring Cloud Alibaba application, as its users write one: {@code spring-cloud-starter-alibaba-nacos-config},
 * {@code spring.config.import=nacos:…}, a {@code @RefreshScope} bean. It must start with its configuration read from
 * the server, and see an edit made through the console's API ({@code PUT /nacos/admin/configs/…}) without a restart.
 * Spring Cloud Alibaba 2025.1 on Boot 4, in the it-client-3 execution, whose nacos-client 3.1.1 is the one it brings.
 */
@ExtendWith(SharedServer.class)
class SpringCloudAlibabaConfigIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final List<ConfigurableApplicationContext> applications = new ArrayList<>();

    @BeforeAll
    static void leaveLoggingToTheTestJvm() {
        // The test JVM logs through slf4j-simple; Boot would otherwise insist on configuring Logback.
        System.setProperty("org.springframework.boot.logging.LoggingSystem", "none");
    }

    @AfterEach
    void stopApplications() {
        applications.forEach(ConfigurableApplicationContext::close);
    }

    @Test
    void startsWithItsConfigurationAndRefreshesWhenItIsEdited() throws Exception {
        String dataId = "sca-" + UUID.randomUUID() + ".properties";
        ShopConfigs.publish(dataId, "DEFAULT_GROUP", "greeting=hello\nshop.size=3\n");

        ConfigurableApplicationContext application = start("nacos:" + dataId + "?refreshEnabled=true");
        Greeter greeter = application.getBean(Greeter.class);
        assertEquals("hello", greeter.greeting());
        assertEquals("3", application.getEnvironment().getProperty("shop.size"));

        ShopConfigs.editAsTheConsoleDoes(dataId, "greeting=bonjour\nshop.size=4\n");
        await().atMost(WAIT).until(() -> "bonjour".equals(greeter.greeting()));
        assertEquals("4", application.getEnvironment().getProperty("shop.size"));
    }

    @Test
    void readsAGroupOtherThanTheDefaultAndAnOptionalImportThatIsNotThere() throws Exception {
        String dataId = "sca-" + UUID.randomUUID() + ".properties";
        ShopConfigs.publish(dataId, "ORDERS", "greeting=hej\n");

        ConfigurableApplicationContext application = start("nacos:" + dataId + "?group=ORDERS,"
                + "optional:nacos:absent-" + UUID.randomUUID() + ".properties");
        assertEquals("hej", application.getBean(Greeter.class).greeting());
        assertNull(application.getEnvironment().getProperty("shop.size"));
    }

    private ConfigurableApplicationContext start(String imports) {
        ConfigurableApplicationContext application = new SpringApplicationBuilder(ShopApplication.class)
                .web(WebApplicationType.NONE)
                .properties("spring.application.name=shop",
                        "spring.config.import=" + imports,
                        "spring.cloud.nacos.config.server-addr=" + SharedServer.serverAddr(),
                        "greeting=unset")
                .run();
        applications.add(application);
        return application;
    }
}
