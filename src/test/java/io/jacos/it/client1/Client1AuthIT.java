package io.jacos.it.client1;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedAuthServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * nacos-client 1.4.6 over HTTP against a server with auth on: with the right password it registers, keeps its
 * instance alive by beats and gets UDP pushes (the token rides in every call's query); with a wrong password or
 * none every call is refused with 403 and nothing is registered.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: nacos-client 1.4.6 over HTTP")
class Client1AuthIT {

    private static final String PASSWORD = "it-user-pass-1";
    private static AuthUsers users;
    private static String namespace;
    private static String writer;

    private final NamingClients clients = new NamingClients(SharedAuthServer.serverAddr());

    @BeforeAll
    static void usersOfThisClass() {
        users = new AuthUsers(SharedAuthServer.serverAddr(), SharedAuthServer.ADMIN_USER,
                SharedAuthServer.ADMIN_PASSWORD);
        namespace = users.createNamespace("auth1");
        writer = NamingClients.uniqueName("writer1");
        users.createUser(writer, PASSWORD, namespace, "rw");
    }

    @AfterEach
    void closeClients() {
        clients.close();
    }

    private NamingService client(String username, String password) {
        Map<String, String> properties = new HashMap<>(Map.of(PropertyKeyConst.NAMESPACE, namespace));
        if (username != null) {
            properties.put(PropertyKeyConst.USERNAME, username);
            properties.put(PropertyKeyConst.PASSWORD, password);
        }
        return clients.open(properties);
    }

    @Test
    @DisplayName("with the right password: register, beats keep the instance, UDP push reaches the subscriber")
    void rightPasswordWorks() throws Exception {
        String service = NamingClients.uniqueName("auth1-ok");
        NamingService provider = client(writer, PASSWORD);
        NamingService subscriber = client(writer, PASSWORD);
        provider.registerInstance(service, Client1Support.fastBeating("127.0.0.91", 9101));
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.91:9101")::equals);
        // Beats are refused without the token: the instance would be gone after DELETED_AFTER.
        await().during(Duration.ofMillis(Client1Support.DELETED_AFTER + 1000))
                .atMost(Duration.ofMillis(Client1Support.DELETED_AFTER + 5000))
                .until(() -> NacosHttp.endpoints(users.instances(namespace, service).json()),
                        List.of("127.0.0.91:9101")::equals);
        provider.registerInstance(service, Client1Support.fastBeating("127.0.0.92", 9102));
        await().atMost(Waits.PUSH).until(listener::lastEndpoints,
                List.of("127.0.0.91:9101", "127.0.0.92:9102")::equals);
    }

    @Test
    @DisplayName("a wrong password and no credentials are refused with 403; nothing is registered")
    void wrongPasswordAndAnonymousAreRefused() {
        String service = NamingClients.uniqueName("auth1-refused");
        NamingService wrong = client(writer, "not-the-password");
        NamingService anonymous = client(null, null);
        assertEquals(403, assertThrows(NacosException.class,
                () -> wrong.registerInstance(service, NamingClients.instance("127.0.0.93", 9103))).getErrCode());
        assertEquals(403, assertThrows(NacosException.class,
                () -> anonymous.registerInstance(service, NamingClients.instance("127.0.0.94", 9104))).getErrCode());
        assertEquals(List.of(), NacosHttp.endpoints(users.instances(namespace, service).json()));
        // A direct query (no subscription) reports the 403; a subscribing one would log it and answer empty.
        assertEquals(403, assertThrows(NacosException.class, () -> anonymous.getAllInstances(service, false))
                .getErrCode());
    }
}
