using Microsoft.Extensions.Logging;

namespace RpcCompare.Fuzz;

/// <summary>
/// Keeps what ServerSession logs at Error level: its last-resort handler logs there every exception it did not expect,
/// and closes the connection, so an Error entry is how a fuzzed session reports an exception that escaped the decoder.
/// Lower levels are disabled so the fuzzer does not spend its time formatting the session's routine close reasons.
/// </summary>
internal sealed class ErrorCapturingLogger : ILogger
{
    /// <summary>Each error's message, exception, and whether it names an operation (the service call or its reply failed).</summary>
    public List<(string Message, Exception? Exception, bool NamesOperation)> Errors { get; } = [];

    public IDisposable? BeginScope<TState>(TState state)
        where TState : notnull => null;

    public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Error;

    public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
    {
        if (IsEnabled(logLevel))
        {
            var namesOperation = state is IReadOnlyList<KeyValuePair<string, object?>> properties && properties.Any(p => p.Key == "Operation");
            Errors.Add((formatter(state, exception), exception, namesOperation));
        }
    }
}
