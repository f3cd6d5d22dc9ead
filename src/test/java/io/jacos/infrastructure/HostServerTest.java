package io.jacos.infrastructure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HostServerTest {

    @TempDir
    Path instanceRoot;

    private final Map<String, String> properties = new HashMap<>();
    private final HostServer host = new HostServer(properties::get);

    @Test
    void payaraMicroPortFromTheCommandLineWinsOverTheBundleDefault() {
        properties.put("sun.java.command", "nacos-microbundle.jar --clustermode tcpip:127.0.0.1:6900 --port 28848 --interfaces 127.0.0.1");
        properties.put("payaramicro.port", "8848");
        assertEquals(28848, host.mainPort());
    }

    @Test
    void payaraMicroBundleDefault() {
        properties.put("sun.java.command", "nacos-microbundle.jar");
        properties.put("payaramicro.port", "8848");
        assertEquals(8848, host.mainPort());
    }

    @Test
    void wildFlyHttpPortPlusOffset() {
        properties.put("jboss.home.dir", "/opt/wildfly");
        properties.put("jboss.socket.binding.port-offset", "300");
        assertEquals(8380, host.mainPort());
        properties.put("jboss.http.port", "9000");
        assertEquals(9300, host.mainPort());
    }

    @Test
    void payaraServerListenerOfTheInstanceConfig() throws IOException {
        writeDomainXml("""
                <domain>
                  <servers><server name="server" config-ref="server-config"/></servers>
                  <configs>
                    <config name="server-config"><network-config><network-listeners>
                      <network-listener name="admin-listener" port="20048"/>
                      <network-listener name="http-listener-1" port="20080"/>
                    </network-listeners></network-config></config>
                    <config name="default-config"><network-config><network-listeners>
                      <network-listener name="http-listener-1" port="${HTTP_LISTENER_PORT}"/>
                    </network-listeners></network-config></config>
                  </configs>
                </domain>
                """);
        properties.put("com.sun.aas.instanceRoot", instanceRoot.toString());
        properties.put("com.sun.aas.instanceName", "server");
        assertEquals(20080, host.mainPort());
    }

    @Test
    void payaraServerPortFromASystemProperty() throws IOException {
        writeDomainXml("""
                <domain>
                  <servers><server name="server" config-ref="server-config"/></servers>
                  <configs><config name="server-config"><network-config><network-listeners>
                    <network-listener name="http-listener-1" port="${HTTP_LISTENER_PORT}"/>
                  </network-listeners></network-config></config></configs>
                </domain>
                """);
        properties.put("com.sun.aas.instanceRoot", instanceRoot.toString());
        properties.put("HTTP_LISTENER_PORT", "28080");
        assertEquals(28080, host.mainPort());
    }

    @Test
    void unreadableDomainXmlFallsBackToTheNacosPort() throws IOException {
        writeDomainXml("<domain><configs><config name=");
        properties.put("com.sun.aas.instanceRoot", instanceRoot.toString());
        assertEquals(HostServer.NACOS_DEFAULT_PORT, host.mainPort());
    }

    @Test
    void unknownServerUsesTheNacosPort() {
        assertEquals(HostServer.NACOS_DEFAULT_PORT, host.mainPort());
    }

    private void writeDomainXml(String xml) throws IOException {
        Files.createDirectories(instanceRoot.resolve("config"));
        Files.writeString(instanceRoot.resolve("config/domain.xml"), xml);
    }
}
