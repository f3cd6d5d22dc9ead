package io.jacos.transport.http.admin;

import io.jacos.balance.BalanceSettings;
import io.jacos.health.HealthCheckSettings;
import io.jacos.replication.ReplicationSettings;
import io.jacos.settings.Setting;
import io.jacos.settings.SettingsCatalog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the settings in effect for the server page. The declared settings and their defaults are those of
 * {@link SettingsCatalog} and the {@code @ConfigProperty} annotations of the classes that still inject their own
 * (one source of truth, no second list to forget), plus the few read by name in code (cluster plan, storage); the
 * values come from MicroProfile Config.
 */
@ApplicationScoped
public class EffectiveSettings {

    /** The classes whose {@code @ConfigProperty} fields are the server's settings. */
    static final List<Class<?>> DECLARING = List.of(BalanceSettings.class,
            HealthCheckSettings.class, ReplicationSettings.class);

    /** Settings read by name in code rather than injected, with their defaults ({@code null}: none). */
    static final Map<String, String> READ_BY_NAME = byName();

    @Inject
    Config config;

    private static Map<String, String> byName() {
        Map<String, String> names = new LinkedHashMap<>();
        names.put("nacos.member.list", null);
        names.put("nacos.standalone", "false");
        names.put("nacos.inetutils.ip-address", null);
        names.put("nacos.home", null);
        names.put("jacos.cluster.name", "jacos");
        names.put("jacos.cluster.port-offset", "1001");
        names.put("jacos.cluster.fd-sock-offset", "1");
        names.put("jacos.cluster.bind-address", null);
        names.put("jacos.cluster.discovery", "static");
        names.put("jacos.cluster.dns-query", null);
        names.put("jacos.cluster.suspect-timeout", "10000");
        names.put("jacos.cluster.merge-interval", "3000/6000");
        names.put("jacos.cluster.join-timeout", "2000");
        names.put("jacos.cluster.max-send-queue", "1000");
        names.put("jacos.cluster.handoff-grace", "10000");
        names.put("spring.sql.init.platform", null);
        names.put("db.url.0", null);
        names.put("db.user.0", null);
        names.put("db.password.0", null);
        names.put("jacos.db.jndi-name", null);
        names.put("jacos.db.jpa-provider", null);
        return names;
    }

    public Map<String, String> shown() {
        return SettingsView.effective(declared(), config.getPropertyNames(),
                name -> config.getOptionalValue(name, String.class));
    }

    static Map<String, String> declared() {
        Map<String, String> declared = new LinkedHashMap<>(READ_BY_NAME);
        for (Setting setting : SettingsCatalog.all()) {
            declared.put(setting.name(), setting.defaultValue());
        }
        for (Class<?> type : DECLARING) {
            for (Field field : type.getDeclaredFields()) {
                ConfigProperty property = field.getAnnotation(ConfigProperty.class);
                if (property != null && !property.name().isEmpty()) {
                    String fallback = property.defaultValue();
                    declared.put(property.name(), ConfigProperty.UNCONFIGURED_VALUE.equals(fallback) ? null : fallback);
                }
            }
        }
        return declared;
    }
}
