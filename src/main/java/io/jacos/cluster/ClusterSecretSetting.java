package io.jacos.cluster;

import io.jacos.infrastructure.ClusterSecret;
import io.jacos.settings.AuthSettings;
import io.jacos.settings.ServerClusterSettingNames;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.Optional;

/**
 * {@link ClusterSecret} from the setting {@code jacos.cluster.secret} (environment {@code JACOS_CLUSTER_SECRET}),
 * and the rules a cluster node starts by ({@link SecretRule}).
 */
@ApplicationScoped
public class ClusterSecretSetting implements ClusterSecret {

    static final String SETTING = ServerClusterSettingNames.SECRET.name();

    private Config config;
    private MembershipSettings membership;

    /** For the container's proxy. */
    protected ClusterSecretSetting() {
    }

    @Inject
    public ClusterSecretSetting(Config config, MembershipSettings membership) {
        this.config = config;
        this.membership = membership;
    }

    @Override
    public boolean clusterMode() {
        return membership.plan().clusterMode();
    }

    @Override
    public Optional<String> value() {
        return config.getOptionalValue(SETTING, String.class).map(String::strip).filter(s -> !s.isEmpty());
    }

    /** The keys the cluster channel uses, or none; refuses (throws) what {@link SecretRule} refuses. */
    Optional<ClusterKeys> keysForCluster() {
        boolean authEnabled = config.getOptionalValue(AuthSettings.ENABLED.name(), Boolean.class)
                .orElse(Boolean.parseBoolean(AuthSettings.ENABLED.defaultValue()));
        return SecretRule.check(value(), authEnabled).map(ClusterKeys::derive);
    }
}
