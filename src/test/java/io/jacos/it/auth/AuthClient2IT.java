package io.jacos.it.auth;

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

import java.util.List;
import java.util.Map;

import static io.jacos.it.support.NamingClients.instance;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * nacos-client 2.5.1 over gRPC against a server with auth on: with a right username and password it registers,
 * subscribes and gets pushes; with a wrong password or none it is refused with 403 and nothing is registered; a
 * user with only READ in a namespace subscribes there but cannot register.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: nacos-client 2.5.1 over gRPC")
class AuthClient2IT {

    private static final String PASSWORD = "it-user-pass-2";
    private static AuthUsers users;
    private static String namespace;
    private static String writer;
    private static String reader;

    private final NamingClients clients = new NamingClients(SharedAuthServer.serverAddr());

    @BeforeAll
    static void usersOfThisClass() {
        users = new AuthUsers(SharedAuthServer.serverAddr(), SharedAuthServer.ADMIN_USER,
                SharedAuthServer.ADMIN_PASSWORD);
        namespace = users.createNamespace("auth2");
        writer = NamingClients.uniqueName("writer");
        reader = NamingClients.uniqueName("reader");
        users.createUser(writer, PASSWORD, namespace, "rw");
        users.createUser(reader, PASSWORD, namespace, "r");
    }

    @AfterEach
    void closeClients() {
        clients.close();
    }

    private NamingService client(String username, String password) {
        Map<String, String> properties = new java.util.HashMap<>(Map.of(PropertyKeyConst.NAMESPACE, namespace));
        if (username != null) {
            properties.put(PropertyKeyConst.USERNAME, username);
            properties.put(PropertyKeyConst.PASSWORD, password);
        }
        return clients.open(properties);
    }

    @Test
    @DisplayName("with the right password: register, subscribe and get pushes")
    void rightPasswordWorks() throws Exception {
        String service = NamingClients.uniqueName("auth2-ok");
        NamingService provider = client(writer, PASSWORD);
        NamingService subscriber = client(writer, PASSWORD);
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        provider.registerInstance(service, instance("127.0.0.61", 7001));
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.61:7001")::equals);
        provider.registerInstance(service, instance("127.0.0.62", 7002));
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.62:7002")::equals);
    }

    @Test
    @DisplayName("a wrong password and no credentials are refused with 403; nothing is registered")
    void wrongPasswordAndAnonymousAreRefused() {
        String service = NamingClients.uniqueName("auth2-refused");
        NamingService wrong = client(writer, "not-the-password");
        NamingService anonymous = client(null, null);
        assertEquals(NacosException.NO_RIGHT, assertThrows(NacosException.class,
                () -> wrong.registerInstance(service, instance("127.0.0.63", 7003))).getErrCode());
        assertEquals(NacosException.NO_RIGHT, assertThrows(NacosException.class,
                () -> anonymous.registerInstance(service, instance("127.0.0.64", 7004))).getErrCode());
        assertEquals(NacosException.NO_RIGHT, assertThrows(NacosException.class,
                () -> anonymous.subscribe(service, new EventRecorder())).getErrCode());
        assertEquals(NacosException.NO_RIGHT, assertThrows(NacosException.class,
                () -> anonymous.getAllInstances(service)).getErrCode());
        assertEquals(List.of(), NacosHttp.endpoints(users.instances(namespace, service).json()));
    }

    @Test
    @DisplayName("a read-only user subscribes and queries, but cannot register")
    void readOnlyUserCannotRegister() throws Exception {
        String service = NamingClients.uniqueName("auth2-ro");
        client(writer, PASSWORD).registerInstance(service, instance("127.0.0.65", 7005));
        NamingService readOnly = client(reader, PASSWORD);
        EventRecorder listener = new EventRecorder();
        readOnly.subscribe(service, listener);
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.65:7005")::equals);
        assertEquals(1, readOnly.getAllInstances(service).size());
        assertEquals(NacosException.NO_RIGHT, assertThrows(NacosException.class,
                () -> readOnly.registerInstance(service, instance("127.0.0.66", 7006))).getErrCode());
        assertEquals(List.of("127.0.0.65:7005"), NacosHttp.endpoints(users.instances(namespace, service).json()));
    }
}
