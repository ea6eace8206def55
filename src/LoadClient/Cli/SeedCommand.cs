using System.CommandLine;
using System.Diagnostics;
using RpcCompare.Data.Postgres;
using RpcCompare.Data.Seeding;
using RpcCompare.LoadClient.Database;
using Spectre.Console;

namespace RpcCompare.LoadClient.Cli;

/// <summary>`seed`: load a dataset into the database (skipped when the same one is already there) and say what it cost.</summary>
public static class SeedCommand
{
    public static Command Create()
    {
        var dataset = new DatasetOptions();
        var force = new Option<bool>("--force") { Description = "Reload even when the same dataset is already loaded." };
        var requirePassword = new Option<bool>(ConnectionPassword.Option)
        {
            Description = "Refuse to seed unless a connection string is given (--connection or RPCCOMPARE_PG) and it, PGPASSWORD or " +
                "a PostgreSQL passfile gives a password (crank's seed job: no run falls back to a default).",
        };
        var command = new Command("seed", "Generate the graph dataset and load it into PostgreSQL with binary COPY.");
        dataset.AddTo(command);
        command.Options.Add(force);
        command.Options.Add(requirePassword);
        command.SetAction((result, _) => CommandRunner.RunAsync(async cancellationToken =>
        {
            if (result.GetValue(requirePassword))
            {
                RequirePassword(result.GetValue(dataset.Connection));
            }
            var spec = dataset.ToSpec(result);
            Console.WriteLine($"Dataset: {spec.Preset} ({spec.Nodes:N0} nodes, {spec.Hubs} hubs up to {spec.MaxDegree:N0} links, " +
                $"{spec.Records:N0} records, seed {spec.Seed}, fingerprint {spec.Fingerprint})");
            var opened = await SeededDatabase.OpenAsync(result.GetValue(dataset.Connection), result.GetValue(dataset.PgData),
                spec, cancellationToken, result.GetValue(force));
            await using var database = opened.Database;
            Print(opened.Seeded);
            return CommandRunner.Ok;
        }));
        return command;
    }

    private static void RequirePassword(string? connection)
    {
        connection ??= Environment.GetEnvironmentVariable(DatabaseSession.EnvironmentVariable);
        var missing = string.IsNullOrEmpty(connection)
            ? $"{ConnectionPassword.Option}: no connection string: give --connection or the {DatabaseSession.EnvironmentVariable} environment variable."
            : ConnectionPassword.Missing(connection);
        if (missing is not null)
        {
            throw new UserFacingException(missing);
        }
    }

    private static void Print(SeedResult seeded)
    {
        if (seeded.Skipped)
        {
            Console.WriteLine($"Already loaded (fingerprint {seeded.Fingerprint}): nothing to do.");
            return;
        }
        var table = new Table().AddColumns("table", "rows", "seconds", "rows/s");
        foreach (var load in seeded.Tables.Where(t => t.Rows > 0).OrderByDescending(t => t.Rows))
        {
            table.AddRow(load.Table, $"{load.Rows:N0}", $"{load.Elapsed.TotalSeconds:F1}",
                $"{load.Rows / Math.Max(load.Elapsed.TotalSeconds, 1e-9):N0}");
        }
        table.AddRow("[bold]all, indexes included[/]", $"[bold]{seeded.Rows:N0}[/]", $"[bold]{seeded.Total.TotalSeconds:F1}[/]",
            $"[bold]{seeded.RowsPerSecond:N0}[/]");
        AnsiConsole.Write(table);
        Console.WriteLine($"COPY {seeded.LoadTime.TotalSeconds:F1} s, indexes + keys + ANALYZE {seeded.IndexTime.TotalSeconds:F1} s; " +
            $"peak memory of this process {Process.GetCurrentProcess().PeakWorkingSet64 / 1048576.0:N0} MB.");
    }
}
