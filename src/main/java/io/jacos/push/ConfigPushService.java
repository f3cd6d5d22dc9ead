package io.jacos.push;

import io.jacos.config.ConfigIndex;
import io.jacos.config.ConfigListeners;
import io.jacos.event.ClientDisconnected;
import io.jacos.event.ConfigChanged;
import io.jacos.settings.PushSettings;
import io.jacos.task.DelayWake;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Tells configuration listeners of changes: wires {@link ConfigNotifier} to the listeners, the transport's
 * channel and the container's scheduled executor, whose tick runs from {@link #start()} on. A connection that
 * goes away takes its listeners with it.
 */
@ApplicationScoped
public class ConfigPushService {

    @Resource
    ManagedScheduledExecutorService scheduler;
    private final ConfigListeners listeners;
    private final ConfigNotifyChannel channel;
    private final PushSettings pushSettings;
    private final ConfigStats stats;
    private final ConfigIndex index;

    private ConfigNotifier notifier;
    private DelayWake ticking;

    /** For the container's proxy. */
    protected ConfigPushService() {
        this(null, null, null, null, null);
    }

    @Inject
    public ConfigPushService(ConfigListeners listeners, ConfigNotifyChannel channel, PushSettings pushSettings,
                             ConfigStats stats, ConfigIndex index) {
        this.index = index;
        this.listeners = listeners;
        this.channel = channel;
        this.pushSettings = pushSettings;
        this.stats = stats;
    }

    @PostConstruct
    void wire() {
        notifier = new ConfigNotifier(listeners, channel, pushSettings.pushRetryDelayMillis(),
                pushSettings.pushRetryMaxDelayMillis(), System::nanoTime, stats, index::md5);
    }

    /** Starts the tick; called on a deployment thread, which lets the container's executor accept it. */
    public synchronized void start() {
        if (ticking == null) {
            ticking = notifier.engine().start(scheduler, pushSettings.taskTickMillis());
        }
    }

    public synchronized void stop() {
        if (ticking != null) {
            ticking.stop();
            ticking = null;
        }
    }

    void onChanged(@Observes ConfigChanged event) {
        notifier.changed(event.key());
    }

    void onDisconnected(@Observes ClientDisconnected event) {
        listeners.forget(event.client().value());
        notifier.gone(event.client().value());
    }
}
