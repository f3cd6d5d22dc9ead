package io.jacos.application.internal;

import io.jacos.application.ConfigArchive;
import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.model.ConfigKey;
import io.jacos.model.RegistryException;

import java.util.ArrayList;
import java.util.List;

/**
 * One import's writes, after every configuration was validated: those accepted are published in archive order,
 * and the outcome counted. Keeping an existing configuration is a compare-and-set publish against an md5 no
 * content has ({@link #ONLY_IF_ABSENT}), which the store answers by creating a missing configuration and leaving an
 * existing one untouched: decided on the locked row, so a configuration created meanwhile by another writer is
 * kept too, never overwritten.
 */
final class ImportRun {

    /** Not hexadecimal, so never the md5 of any content. */
    static final String ONLY_IF_ABSENT = "(only if absent)";

    private final ConfigService configs;
    private final ConfigWrite.Source source;
    private final List<String> unrecognized;
    private final List<ConfigPublish> accepted = new ArrayList<>();
    private final List<ConfigArchive.Failure> failed = new ArrayList<>();
    private final List<ConfigKey> skipped = new ArrayList<>();
    private int succeeded;

    ImportRun(ConfigService configs, ConfigWrite.Source source, List<String> unrecognized) {
        this.configs = configs;
        this.source = source;
        this.unrecognized = unrecognized;
    }

    void accepted(ConfigPublish publish) {
        accepted.add(publish);
    }

    void refused(ConfigKey key, String reason) {
        failed.add(new ConfigArchive.Failure(key, reason));
    }

    /** SKIP ({@code keepExisting}) or OVERWRITE: each accepted configuration on its own. */
    ConfigArchive.Imported each(boolean keepExisting) {
        for (ConfigPublish publish : accepted) {
            ConfigKey key = publish.ref().key();
            try {
                if (write(publish, keepExisting).outcome() == ConfigStore.Outcome.CAS_MISMATCH) {
                    skipped.add(key);
                } else {
                    succeeded++;
                }
            } catch (RegistryException refused) {
                failed.add(new ConfigArchive.Failure(key, refused.getMessage()));
            }
        }
        return outcome();
    }

    /**
     * ABORT: nothing when any configuration was refused or exists; otherwise each is created. Should one be created
     * by another writer, or the namespace fill up, while the import runs, those this import created are removed
     * again (their creation and removal stay in the history, as any writer's would).
     */
    ConfigArchive.Imported allOrNothing() {
        if (!failed.isEmpty()) {
            accepted.forEach(p -> skipped.add(p.ref().key()));
            return outcome();
        }
        for (ConfigPublish publish : accepted) {
            if (configs.get(publish.ref()).isPresent()) {
                return aborted(publish, "The configuration exists already.", List.of());
            }
        }
        List<ConfigPublish> created = new ArrayList<>();
        for (ConfigPublish publish : accepted) {
            String reason;
            try {
                if (write(publish, true).outcome() != ConfigStore.Outcome.CAS_MISMATCH) {
                    created.add(publish);
                    continue;
                }
                reason = "The configuration was created by another writer during the import.";
            } catch (RegistryException refused) {
                reason = refused.getMessage();
            }
            return aborted(publish, reason, created);
        }
        succeeded = created.size();
        return outcome();
    }

    private ConfigArchive.Imported aborted(ConfigPublish at, String reason, List<ConfigPublish> created) {
        created.forEach(p -> configs.remove(p.ref(), source));
        failed.add(new ConfigArchive.Failure(at.ref().key(), reason));
        accepted.stream().filter(p -> p != at).forEach(p -> skipped.add(p.ref().key()));
        succeeded = 0;
        return outcome();
    }

    private ConfigStore.Published write(ConfigPublish publish, boolean keepExisting) {
        ConfigPublish write = keepExisting ? new ConfigPublish(publish.ref(), publish.content(), publish.type(),
                publish.encryptedDataKey(), publish.appName(), publish.description(), publish.tags(), ONLY_IF_ABSENT)
                : publish;
        return configs.publish(write, source);
    }

    private ConfigArchive.Imported outcome() {
        return new ConfigArchive.Imported(succeeded, skipped, failed, unrecognized);
    }
}
