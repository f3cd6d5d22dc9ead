package io.jacos.it.appserver;

import io.jacos.it.support.RunsBeside;
import org.junit.jupiter.api.DisplayName;

import java.nio.file.Path;

@RunsBeside
@DisplayName("target/nacos.war on WildFly 39 (standalone.xml)")
class WildFlyIT extends DeployedWarContract {

    @Override
    AppServer server(Path workDir) {
        return new WildFly(Path.of(System.getProperty("jacos.wildfly.home")), REPOSITORY, workDir);
    }
}
