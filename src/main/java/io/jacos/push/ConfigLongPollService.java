package io.jacos.push;

import io.jacos.event.ConfigChanged;
import io.jacos.config.ConfigIndex;
import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;
import io.jacos.settings.ConfigSettings;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Holds the long polls of HTTP configuration clients ({@link ConfigLongPolls}) and ends them on change. Answers are
 * written on the container's executor, so the thread that committed a change never writes to the pollers.
 */
@ApplicationScoped
public class ConfigLongPollService {

    @Resource
    ManagedExecutorService executor;
    private final ConfigSettings settings;
    private final ConfigIndex index;
    private ConfigLongPolls polls;

    /** For the container's proxy. */
    protected ConfigLongPollService() {
        this(null, null);
    }

    @Inject
    public ConfigLongPollService(ConfigSettings settings, ConfigIndex index) {
        this.settings = settings;
        this.index = index;
    }

    @PostConstruct
    void wire() {
        polls = new ConfigLongPolls(settings.maxLongPolls());
    }

    /** See {@link ConfigLongPolls#hold}; {@code answer} runs on the container's executor. */
    public ConfigLongPolls.Poll hold(String address, ConfigView view, Map<ConfigKey, String> md5s,
                                     Consumer<List<ConfigKey>> answer) {
        return polls.hold(address, view, md5s, changed -> {
            try {
                executor.execute(() -> answer.accept(changed));
            } catch (RejectedExecutionException e) {
                // The executor is shutting down with the application: answer here rather than leave the poll.
                answer.accept(changed);
            }
        });
    }

    public List<ConfigLongPolls.Holder> holdersOf(ConfigKey key) {
        return polls.holdersOf(key);
    }

    /** What the polls held now from {@code address} name, with the md5s their client holds. */
    public Map<ConfigKey, String> heldBy(String address) {
        return polls.heldBy(address);
    }

    public int held() {
        return polls.held();
    }

    void onChanged(@Observes ConfigChanged event) {
        polls.changed(event.key(), view -> index.md5(event.key(), view));
    }
}
