package io.jacos.it.appserver;

import io.jacos.it.support.RunsBeside;
import org.junit.jupiter.api.DisplayName;

import java.nio.file.Path;

@RunsBeside
@DisplayName("target/nacos.war on Payara Server 6 (a fresh domain)")
class PayaraServerIT extends DeployedWarContract {

    @Override
    AppServer server(Path workDir) {
        return new PayaraServer(Path.of(System.getProperty("jacos.payara.home")), REPOSITORY, workDir);
    }
}
