package io.jacos.metrics;

/** Reads one sample from Prometheus text: the value of the line that starts with the series (name{labels}). */
public final class PrometheusText {

    private PrometheusText() {
    }

    /** The sample's value; fails when the series is absent, so a missing meter cannot pass as zero. */
    public static double value(String text, String series) {
        for (String line : text.split("\n")) {
            if (line.startsWith(series + " ")) {
                return Double.parseDouble(line.substring(series.length() + 1).trim().split(" ")[0]);
            }
        }
        throw new AssertionError("No series " + series + " in:\n" + text);
    }
}
