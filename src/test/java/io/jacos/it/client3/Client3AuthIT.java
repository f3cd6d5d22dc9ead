package io.jacos.it.client3;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedAuthServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** nacos-client 3.1.1 logs in by the v3 path ({@code /nacos/v3/auth/user/login}) and then registers and subscribes. */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: nacos-client 3.1.1 logs in by the v3 path")
class Client3AuthIT {

    private final NamingClients clients = new NamingClients(SharedAuthServer.serverAddr());

    @AfterEach
    void closeClients() {
        clients.close();
    }

    @Test
    @DisplayName("with the admin's password it registers and gets a push; without, 403")
    void loginByTheV3Path() throws Exception {
        String service = NamingClients.uniqueName("auth3");
        NamingService client = clients.open(Map.of(PropertyKeyConst.USERNAME, SharedAuthServer.ADMIN_USER,
                PropertyKeyConst.PASSWORD, SharedAuthServer.ADMIN_PASSWORD));
        EventRecorder listener = new EventRecorder();
        client.subscribe(service, listener);
        client.registerInstance(service, NamingClients.instance("127.0.0.95", 9105));
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.95:9105")::equals);
        NamingService anonymous = clients.open();
        assertEquals(NacosException.NO_RIGHT, assertThrows(NacosException.class,
                () -> anonymous.registerInstance(service, NamingClients.instance("127.0.0.96", 9106))).getErrCode());
    }
}
