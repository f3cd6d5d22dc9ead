package io.jacos.transport.http.admin;

import io.jacos.settings.Setting;
import io.jacos.settings.SettingsCatalog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Collects the settings in effect for the server page: every setting of {@link SettingsCatalog} with its value from
 * MicroProfile Config or its default, and whatever else is configured under our names.
 */
@ApplicationScoped
public class EffectiveSettings {

    private Config config;

    /** For the container's proxy. */
    protected EffectiveSettings() {
    }

    @Inject
    public EffectiveSettings(Config config) {
        this.config = config;
    }

    public Map<String, String> shown() {
        return SettingsView.effective(declared(), config.getPropertyNames(),
                name -> config.getOptionalValue(name, String.class));
    }

    static Map<String, String> declared() {
        Map<String, String> declared = new LinkedHashMap<>();
        for (Setting setting : SettingsCatalog.all()) {
            declared.put(setting.name(), setting.defaultValue());
        }
        return declared;
    }
}
