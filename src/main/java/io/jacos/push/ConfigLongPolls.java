package io.jacos.push;

import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The long polls of HTTP configuration clients, each held until a configuration it names changes from the md5 its
 * client holds, or its transport ends it (time up, client gone). A poll is taken before its md5s are compared, so
 * a change committed in between either shows in the comparison or ends the poll: never neither. At most
 * {@code max} polls are held at once.
 */
public class ConfigLongPolls {

    private final Map<ConfigKey, Set<Poll>> byKey = new ConcurrentHashMap<>();
    private final Set<Poll> all = ConcurrentHashMap.newKeySet();
    private final AtomicInteger held = new AtomicInteger();
    private final int max;

    public ConfigLongPolls(int max) {
        this.max = max;
    }

    /** A held poll as the console lists it: its client's address and the md5 the client holds. */
    public record Holder(String address, String md5) {
    }

    /** One held poll: its client's address, the md5 it holds of each configuration, and how it is answered, once. */
    public final class Poll {
        private final String address;
        private final ConfigView view;
        private final Map<ConfigKey, String> md5s;
        private final Consumer<List<ConfigKey>> answer;
        private final AtomicBoolean ended = new AtomicBoolean();

        private Poll(String address, ConfigView view, Map<ConfigKey, String> md5s,
                     Consumer<List<ConfigKey>> answer) {
            this.address = address;
            this.view = view == null ? ConfigView.FORMAL : view;
            this.md5s = Map.copyOf(md5s);
            this.answer = answer;
        }

        /** Ends the poll with the configurations that changed (none: time is up); false when it had ended. */
        public boolean answer(List<ConfigKey> changed) {
            if (!release()) {
                return false;
            }
            answer.accept(changed);
            return true;
        }

        /** Ends the poll without an answer (its client is gone); false when it had ended. */
        public boolean release() {
            if (!ended.compareAndSet(false, true)) {
                return false;
            }
            md5s.keySet().forEach(key -> byKey.computeIfPresent(key, (k, polls) -> {
                polls.remove(this);
                return polls.isEmpty() ? null : polls;
            }));
            all.remove(this);
            held.decrementAndGet();
            return true;
        }

        private boolean holdsOtherThan(ConfigKey key, String md5) {
            return !md5.equals(md5s.get(key));
        }
    }

    /**
     * Holds a poll from {@code address}, a client gray rules see as {@code view}, for {@code md5s} (configuration
     * to the md5 its client holds), answered through {@code answer}; null when {@code max} polls are held already.
     */
    public Poll hold(String address, ConfigView view, Map<ConfigKey, String> md5s,
                     Consumer<List<ConfigKey>> answer) {
        if (held.incrementAndGet() > max) {
            held.decrementAndGet();
            return null;
        }
        Poll poll = new Poll(address, view, md5s, answer);
        // Taken into the list of all before any key, so a release (only reachable through a key) always finds it.
        all.add(poll);
        // A poll answered while it is being taken must not be left under a key it was not yet taken under.
        md5s.keySet().forEach(key -> byKey.compute(key, (k, polls) -> {
            Set<Poll> all = polls == null ? ConcurrentHashMap.newKeySet() : polls;
            if (!poll.ended.get()) {
                all.add(poll);
            }
            return all.isEmpty() ? null : all;
        }));
        return poll;
    }

    /**
     * The configuration changed, and {@code md5Of} says the md5 each view of it has now: answers every poll whose
     * client holds another than its view's.
     */
    public void changed(ConfigKey key, Function<ConfigView, String> md5Of) {
        Set<Poll> polls = byKey.get(key);
        if (polls == null) {
            return;
        }
        for (Poll poll : List.copyOf(polls)) {
            if (poll.holdsOtherThan(key, md5Of.apply(poll.view))) {
                poll.answer(List.of(key));
            }
        }
    }

    /** The polls held now for {@code key}. */
    public List<Holder> holdersOf(ConfigKey key) {
        return byKey.getOrDefault(key, Set.of()).stream().map(poll -> new Holder(poll.address, poll.md5s.get(key)))
                .toList();
    }

    /** What the polls held now from {@code address} name, each configuration with the md5 its client holds. */
    public Map<ConfigKey, String> heldBy(String address) {
        Map<ConfigKey, String> found = new HashMap<>();
        all.stream().filter(poll -> poll.address.equals(address)).forEach(poll -> found.putAll(poll.md5s));
        return found;
    }

    /** Configurations some held poll names. */
    int configsWatched() {
        return byKey.size();
    }

    /** Polls held now. */
    public int held() {
        return held.get();
    }
}
