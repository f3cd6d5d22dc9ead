package io.jacos.it.spring;

import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Spring Cloud Alibaba application, as its users write one: {@code spring-cloud-starter-alibaba-nacos-config},
 * {@code spring.config.import=nacos:…}, a {@code @RefreshScope} bean. It must start with its configuration read from
 * the server, and see an edit made through the console's API ({@code PUT /nacos/admin/configs/…}) without a restart.
 * Spring Cloud Alibaba 2025.1 on Boot 4, in the it-client-3 execution, whose nacos-client 3.1.1 is the one it brings.
 */
@ExtendWith(SharedServer.class)
class SpringCloudAlibabaConfigIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

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
        publish(dataId, "DEFAULT_GROUP", "greeting=hello\nshop.size=3\n");

        ConfigurableApplicationContext application = start("nacos:" + dataId + "?refreshEnabled=true");
        Greeter greeter = application.getBean(Greeter.class);
        assertEquals("hello", greeter.greeting());
        assertEquals("3", application.getEnvironment().getProperty("shop.size"));

        editAsTheConsoleDoes(dataId, "greeting=bonjour\nshop.size=4\n");
        await().atMost(WAIT).until(() -> "bonjour".equals(greeter.greeting()));
        assertEquals("4", application.getEnvironment().getProperty("shop.size"));
    }

    @Test
    void readsAGroupOtherThanTheDefaultAndAnOptionalImportThatIsNotThere() throws Exception {
        String dataId = "sca-" + UUID.randomUUID() + ".properties";
        publish(dataId, "ORDERS", "greeting=hej\n");

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

    private static void publish(String dataId, String group, String content) throws IOException, InterruptedException {
        String form = "dataId=" + encode(dataId) + "&group=" + encode(group) + "&content=" + encode(content)
                + "&type=properties";
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(
                        URI.create("http://" + SharedServer.serverAddr() + "/nacos/v1/cs/configs"))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        assertTrue(Boolean.parseBoolean(answer.body()), answer.body());
    }

    private static void editAsTheConsoleDoes(String dataId, String content) throws IOException, InterruptedException {
        String body = "{\"content\":\"" + content.replace("\n", "\\n") + "\",\"type\":\"properties\"}";
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create("http://"
                        + SharedServer.serverAddr() + "/nacos/admin/configs/DEFAULT_GROUP/" + encode(dataId)))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
