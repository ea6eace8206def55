using Microsoft.Diagnostics.Tracing;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>Reads one value out of an "EventCounters" event, as dotnet-counters does.</summary>
internal static class EventCounterPayload
{
    /// <summary>
    /// The event has one field, "Payload", a dictionary with Name, CounterType, IntervalSec and either Mean (for
    /// "Mean" counters: polled gauges and cumulative totals) or Increment (for "Sum" counters: per-interval deltas).
    /// </summary>
    public static bool TryRead(TraceEvent traceEvent, out string name, out double value, out double? intervalSeconds)
    {
        name = string.Empty;
        value = 0;
        intervalSeconds = null;
        if (traceEvent.EventName != "EventCounters" || traceEvent.PayloadNames.Length == 0
            || traceEvent.PayloadValue(0) is not IDictionary<string, object> outer)
        {
            return false;
        }

        var fields = outer.TryGetValue("Payload", out object? inner) && inner is IDictionary<string, object> nested ? nested : outer;
        return TryRead(fields, out name, out value, out intervalSeconds);
    }

    internal static bool TryRead(IDictionary<string, object> fields, out string name, out double value, out double? intervalSeconds)
    {
        name = fields.TryGetValue("Name", out object? nameValue) ? nameValue as string ?? string.Empty : string.Empty;
        intervalSeconds = fields.TryGetValue("IntervalSec", out object? interval) ? ToDouble(interval) : null;
        string counterType = fields.TryGetValue("CounterType", out object? type) ? type as string ?? string.Empty : string.Empty;
        string valueField = counterType == "Sum" ? "Increment" : "Mean";
        double? number = fields.TryGetValue(valueField, out object? raw) ? ToDouble(raw) : null;
        value = number ?? 0;
        return name.Length > 0 && number is { } finite && double.IsFinite(finite);
    }

    private static double? ToDouble(object? value) => value switch
    {
        double d => d,
        float f => f,
        int i => i,
        long l => l,
        _ => null,
    };
}
