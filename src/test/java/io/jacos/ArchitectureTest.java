package io.jacos;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.tngtech.archunit.base.DescribedPredicate.or;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The layering the code keeps: which of our top-level packages each one may use. The same lists are written in each
 * package's {@code package-info.java}, in its one "May depend on ..." sentence, and this test holds the two to each
 * other, so the rule a reader finds beside the code is the rule the build enforces. A new top-level package fails
 * until it has a line here and a package-info that says the same.
 */
class ArchitectureTest {

    /** Top-level package to the top-level packages it may depend on (its own sub-packages always). */
    static final Map<String, Set<String>> MAY_DEPEND_ON = new TreeMap<>(Map.ofEntries(
            entry("model", Set.of()),
            entry("task", Set.of()),
            entry("settings", Set.of()),
            entry("infrastructure", Set.of("settings")),
            entry("event", Set.of("model")),
            entry("config", Set.of("model", "event")),
            entry("cluster", Set.of("model", "settings", "infrastructure")),
            entry("limit", Set.of("settings")),
            entry("registry", Set.of("model", "event", "task", "settings")),
            entry("audit", Set.of("model", "event", "settings")),
            entry("auth", Set.of("model", "event", "settings", "infrastructure")),
            entry("application", Set.of("model", "event", "task", "registry", "config", "cluster", "settings")),
            entry("push", Set.of("model", "event", "task", "registry", "config", "settings")),
            entry("health", Set.of("model", "task", "application", "settings")),
            entry("replication", Set.of("model", "event", "task", "registry", "cluster", "application",
                    "settings", "infrastructure")),
            entry("balance", Set.of("model", "task", "cluster", "application", "settings")),
            entry("metrics", Set.of("model", "event", "registry", "cluster", "application", "push", "health",
                    "limit")),
            entry("persistence", Set.of("model", "cluster", "application", "auth", "settings", "infrastructure")),
            entry("transport", Set.of("model", "event", "task", "registry", "config", "cluster", "application", "push",
                    "health", "replication", "balance", "auth", "limit", "audit", "metrics", "settings",
                    "infrastructure")),
            entry("boot", Set.of("registry", "cluster", "application", "push", "health", "replication", "balance",
                    "auth", "metrics", "persistence", "transport"))));

    static final String ROOT = "io.jacos";
    static final Path SOURCES = Path.of("src/main/java/io/jacos");
    private static final Pattern RULE_SENTENCE = Pattern.compile("May depend on (.*?)\\.(?:\\s|$)", Pattern.DOTALL);
    private static final Pattern CODE_WORD = Pattern.compile("\\{@code ([a-z]+)}");

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    @Test
    void everyTopLevelPackageHasARule() {
        assertEquals(MAY_DEPEND_ON.keySet(), topLevelPackages(CLASSES),
                "top-level packages of io.jacos (left: with a rule in MAY_DEPEND_ON, right: in the code)");
    }

    @Test
    void eachPackageUsesOnlyWhatItMayDependOn() {
        MAY_DEPEND_ON.forEach((name, allowed) -> {
            List<String> packages = new ArrayList<>();
            packages.add(ROOT + "." + name + "..");
            allowed.forEach(other -> packages.add(ROOT + "." + other + ".."));
            classes().that().resideInAPackage(ROOT + "." + name + "..")
                    .should().onlyDependOnClassesThat(or(resideOutsideOfPackage(ROOT + ".."),
                            resideInAnyPackage(packages.toArray(String[]::new))))
                    .because("package-info of " + ROOT + "." + name + " says it may depend on " + new TreeSet<>(allowed))
                    .allowEmptyShould(true)
                    .check(CLASSES);
        });
    }

    @Test
    void topLevelPackagesFormNoCycle() {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(CLASSES);
    }

    /** The table alone has no cycle either, so a rule can never permit one that the code has yet to close. */
    @Test
    void theRulesThemselvesFormNoCycle() {
        Set<String> done = new HashSet<>();
        MAY_DEPEND_ON.keySet().forEach(name -> visit(name, new ArrayList<>(), done));
    }

    @Test
    void packageInfoSaysTheSameAsTheRules() throws IOException {
        List<String> problems = new ArrayList<>();
        for (String name : MAY_DEPEND_ON.keySet()) {
            Set<String> rule = new TreeSet<>(MAY_DEPEND_ON.get(name));
            Set<String> written = declaredIn(SOURCES.resolve(name).resolve("package-info.java"));
            if (!rule.equals(written)) {
                problems.add(name + ": this test's rule says " + rule + ", its package-info says " + written);
            }
        }
        assertEquals(List.of(), problems);
    }

    /**
     * The top-level packages named, as {@code {@code name}}, in the one sentence that begins "May depend on"; a
     * package that may use none of ours says "May depend on nothing of ours."
     */
    static Set<String> declaredIn(Path packageInfo) throws IOException {
        String text = Files.readString(packageInfo).replaceAll("(?m)^\\s*/?\\*+/?", " ").replaceAll("\\s+", " ");
        Matcher sentence = RULE_SENTENCE.matcher(text);
        if (!sentence.find()) {
            throw new AssertionError(packageInfo + " has no sentence that begins 'May depend on'");
        }
        String rule = sentence.group(1);
        if (sentence.find()) {
            throw new AssertionError(packageInfo + " has more than one sentence that begins 'May depend on'");
        }
        Set<String> names = new TreeSet<>();
        Matcher word = CODE_WORD.matcher(rule);
        while (word.find()) {
            if (!MAY_DEPEND_ON.containsKey(word.group(1))) {
                throw new AssertionError(packageInfo + " names '" + word.group(1) + "', no top-level package");
            }
            names.add(word.group(1));
        }
        if (names.isEmpty() && !rule.startsWith("nothing of ours")) {
            throw new AssertionError(packageInfo + ": 'May depend on' names no package and is not 'nothing of ours'");
        }
        return names;
    }

    static Set<String> topLevelPackages(JavaClasses classes) {
        Set<String> names = new TreeSet<>();
        for (JavaClass type : classes) {
            String rest = type.getPackageName().substring(ROOT.length());
            names.add(rest.isEmpty() ? "(" + ROOT + " itself)" : rest.substring(1).split("\\.")[0]);
        }
        return names;
    }

    private static void visit(String name, List<String> path, Set<String> done) {
        if (path.contains(name)) {
            path.add(name);
            throw new AssertionError("MAY_DEPEND_ON has a cycle: " + String.join(" -> ", path));
        }
        if (done.contains(name)) {
            return;
        }
        path.add(name);
        MAY_DEPEND_ON.getOrDefault(name, Set.of()).forEach(next -> visit(next, new ArrayList<>(path), done));
        done.add(name);
    }
}
