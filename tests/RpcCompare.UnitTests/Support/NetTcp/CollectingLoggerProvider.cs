using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace RpcCompare.UnitTests.Support.NetTcp;

/// <summary>Keeps every log entry of the test host so tests can check what the service logged.</summary>
public sealed class CollectingLoggerProvider : ILoggerProvider
{
    private readonly ConcurrentQueue<LogEntry> _entries = new();

    public IReadOnlyList<LogEntry> Entries => [.. _entries];

    public IReadOnlyList<LogEntry> NetTcp(LogLevel minimum) =>
        Entries.Where(e => e.Category.StartsWith("RpcCompare.Protocols.NetTcp", StringComparison.Ordinal) && e.Level >= minimum).ToList();

    public ILogger CreateLogger(string categoryName) => new Logger(categoryName, _entries);

    public void Dispose()
    {
    }

    public sealed record LogEntry(string Category, LogLevel Level, string Message, Exception? Exception);

    private sealed class Logger(string category, ConcurrentQueue<LogEntry> entries) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
            entries.Enqueue(new LogEntry(category, logLevel, formatter(state, exception), exception));
    }
}
