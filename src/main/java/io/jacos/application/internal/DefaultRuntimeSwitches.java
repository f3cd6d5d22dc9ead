package io.jacos.application.internal;

import io.jacos.application.BeatTimes;
import io.jacos.application.RuntimeSwitches;
import io.jacos.settings.BeatSettings;
import io.jacos.model.RegistryException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Locale;
import java.util.Set;

/** The run-time switches, each shown as its setting until an operator changes it on this node. */
@ApplicationScoped
public class DefaultRuntimeSwitches implements RuntimeSwitches {

    static final long MIN_BEAT_INTERVAL_MILLIS = 1000;

    /** Nacos's other switch entries: known, so their refusal says why rather than "no such entry". */
    private static final Set<String> FIXED_ENTRIES = Set.of("distroThreshold", "pushVersion", "pushCacheMillis",
            "defaultCacheMillis", "masters", "distro", "check", "pushEnabled", "serviceStatusSynchronizationPeriodMillis",
            "serverStatusSynchronizationPeriodMillis", "healthCheckTimes", "disableAddIP", "sendBeatOnly",
            "limitedUrlMap", "enableStandalone", "overriddenServerStatus", "defaultInstanceEphemeral",
            "distroServerExpiredMillis", "autoChangeHealthCheckEnabled", "httpHealthParams", "tcpHealthParams",
            "mysqlHealthParams", "doubleWriteEnabled");

    private BeatSettings beatSettings;

    // Null until an operator changes the switch: the setting's value then shows through.
    private volatile Long beatIntervalMillis;
    private volatile Boolean lightBeatEnabled;

    /** For the container's proxy. */
    protected DefaultRuntimeSwitches() {
    }

    @Inject
    public DefaultRuntimeSwitches(BeatSettings beatSettings) {
        this.beatSettings = beatSettings;
    }

    @Override
    public long beatIntervalMillis() {
        Long changed = beatIntervalMillis;
        return changed == null ? beatSettings.beatIntervalMillis() : changed;
    }

    @Override
    public boolean lightBeatEnabled() {
        Boolean changed = lightBeatEnabled;
        return changed == null ? beatSettings.lightBeatEnabled() : changed;
    }

    @Override
    public BeatTimes beatTimes() {
        return new BeatTimes(beatIntervalMillis(), beatSettings.beatUnhealthyTimeoutMillis(),
                beatSettings.beatDeleteTimeoutMillis());
    }

    @Override
    public synchronized void change(String entry, String value) {
        switch (entry) {
            case CLIENT_BEAT_INTERVAL -> beatIntervalMillis = beatInterval(value);
            case LIGHT_BEAT_ENABLED -> lightBeatEnabled = bool(value);
            default -> throw RegistryException.illegal("entry", FIXED_ENTRIES.contains(entry)
                    ? "Switch '" + entry + "' cannot be changed while Jacos runs: it follows the settings read at"
                    + " start. The switches changed at run time are " + CLIENT_BEAT_INTERVAL + " and "
                    + LIGHT_BEAT_ENABLED + "."
                    : "'" + shown(entry) + "' is not a switch entry.");
        }
    }

    /**
     * A client beating less often than the server marks silent instances unhealthy would flap between healthy
     * and unhealthy, so the interval stays below that timeout.
     */
    private long beatInterval(String value) {
        long unhealthyAfter = beatSettings.beatUnhealthyTimeoutMillis();
        String expected = "whole milliseconds from " + MIN_BEAT_INTERVAL_MILLIS + " to below " + unhealthyAfter
                + " (the time after which a silent instance is unhealthy)";
        try {
            long millis = Long.parseLong(value.trim());
            if (millis >= MIN_BEAT_INTERVAL_MILLIS && millis < unhealthyAfter) {
                return millis;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw illegalValue(CLIENT_BEAT_INTERVAL, value, expected);
    }

    private static boolean bool(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw illegalValue(LIGHT_BEAT_ENABLED, value, "true or false");
        };
    }

    private static RegistryException illegalValue(String entry, String value, String expected) {
        return RegistryException.illegal("value", "Param 'value' is illegal for " + entry + ": '" + shown(value)
                + "' (expected " + expected + ").");
    }

    private static String shown(String text) {
        return (text.length() <= 80 ? text : text.substring(0, 77) + "...").replaceAll("\\p{Cntrl}", "?");
    }
}
