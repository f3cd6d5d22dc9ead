package io.jacos.transport.http.config;

import io.jacos.application.ConfigGrayStore;
import io.jacos.application.ConfigGrays;
import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.model.ConfigView;
import io.jacos.model.GrayRule;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.param.RequestParams;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The configuration writes and reads every HTTP version shares: a publish is formal, or gray when it names beta
 * IPs (header {@code betaIps}) or a {@code tag}, as Nacos decides; a removal naming a {@code tag} stops only that
 * tag's gray version. A reader's IP is taken as Nacos takes it for gray rules: the first
 * {@code X-Forwarded-For} address, else {@code X-Real-IP}, else the connection's remote address.
 */
@ApplicationScoped
public class ConfigWrites {

    private ConfigService configs;
    private ConfigGrays grays;

    /** For the container's proxy. */
    protected ConfigWrites() {
    }

    @Inject
    public ConfigWrites(ConfigService configs, ConfigGrays grays) {
        this.configs = configs;
        this.grays = grays;
    }

    /** Publishes; a compare-and-set that found another md5 is refused as the clients expect it. */
    void publish(ConfigPublish publish, RequestParams params, String betaIps, ConfigWrite.Source source) {
        GrayRule gray = GrayRule.of(betaIps, params.text("tag"));
        boolean mismatch = gray == null
                ? configs.publish(publish, source).outcome() == ConfigStore.Outcome.CAS_MISMATCH
                : grays.publish(publish, gray, source).outcome() == ConfigGrayStore.Outcome.CAS_MISMATCH;
        if (mismatch) {
            throw RegistryException.casMismatch();
        }
    }

    void remove(ConfigRef ref, RequestParams params, ConfigWrite.Source source) {
        String tag = params.text("tag");
        if (tag != null) {
            grays.remove(ref, GrayRule.tag(tag).name(), source);
        } else {
            configs.remove(ref, source);
        }
    }

    /** Stops the configuration's beta. */
    void stopBeta(ConfigRef ref, ConfigWrite.Source source) {
        grays.remove(ref, GrayRule.BETA_NAME, source);
    }

    /**
     * How gray rules see an HTTP reader: its IP as Nacos takes it, and the tag it asks with (checked as Nacos
     * checks a read's tag: 400 when illegal) or else its tag header.
     */
    static ConfigView viewOf(HttpServletRequest servlet, String tag) {
        return new ConfigView(remoteIp(servlet), tag != null ? GrayRule.tag(tag).expression()
                : servlet.getHeader(ConfigView.TAG_LABEL));
    }

    static String remoteIp(HttpServletRequest servlet) {
        String forwarded = servlet.getHeader("X-Forwarded-For");
        if (forwarded != null && !forwarded.isBlank()) {
            return forwarded.split(",")[0].trim();
        }
        String real = servlet.getHeader("X-Real-IP");
        return real == null || real.isBlank() ? servlet.getRemoteAddr() : real.trim();
    }
}
