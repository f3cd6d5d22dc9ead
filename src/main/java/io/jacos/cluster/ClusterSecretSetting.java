package io.jacos.cluster;

import io.jacos.infrastructure.ClusterSecret;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.Optional;

/** {@link ClusterSecret} from the setting {@code jacos.cluster.secret} (environment {@code JACOS_CLUSTER_SECRET}). */
@ApplicationScoped
public class ClusterSecretSetting implements ClusterSecret {

    static final String SETTING = "jacos.cluster.secret";

    @Inject
    Config config;
    @Inject
    MembershipSettings membership;

    @Override
    public boolean clusterMode() {
        return membership.plan().clusterMode();
    }

    @Override
    public Optional<String> value() {
        return config.getOptionalValue(SETTING, String.class).map(String::strip).filter(s -> !s.isEmpty());
    }
}
