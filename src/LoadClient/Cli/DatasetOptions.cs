using System.CommandLine;
using RpcCompare.Data.Generation;

namespace RpcCompare.LoadClient.Cli;

/// <summary>The options that pick a database and a dataset, shared by the run and the seed command.</summary>
public sealed class DatasetOptions
{
    public Option<string> Dataset { get; } = new("--dataset", "-d")
    {
        Description = "Dataset preset: tiny (tests, seconds), default (1,000,000 nodes, hubs up to 250,000 links) or large.",
        DefaultValueFactory = _ => "default",
        HelpName = "tiny|default|large",
    };

    public Option<int?> Nodes { get; } = PositiveInt("--nodes", "Number of nodes instead of the preset's.");
    public Option<int?> Hubs { get; } = PositiveInt("--hubs", "Number of hubs (the best-connected nodes, all linked to each other).");
    public Option<int?> MaxDegree { get; } = PositiveInt("--max-degree", "Links of the biggest hub.");
    public Option<int?> Records { get; } = PositiveInt("--records", "Number of wide records for the bulk-transfer scenario.");

    public Option<int> Seed { get; } = new Option<int>("--seed")
    {
        Description = "Random seed of the dataset generator (and of the scenario's choices).",
        DefaultValueFactory = _ => DatasetSpec.DefaultSeed,
    }.WithNumberParser();

    public Option<string?> Connection { get; } = new("--connection")
    {
        Description = "PostgreSQL connection string to use as it is. Default: the RPCCOMPARE_PG environment variable, " +
            "else a local cluster started from this machine's PostgreSQL binaries.",
        HelpName = "connection-string",
    };

    public Option<string?> PgData { get; } = new("--pg-data")
    {
        Description = "Folder of the local PostgreSQL cluster (kept between runs so a loaded dataset is reused). " +
            "Default: ~/.cache/rpccompare/pg<version>, or /var/tmp/rpccompare/pg<version> as root.",
        HelpName = "folder",
    };

    public DatasetOptions()
    {
        Dataset.AcceptOnlyFromAmong([.. DatasetSpec.PresetNames]);
    }

    public void AddTo(Command command)
    {
        foreach (var option in new Option[] { Dataset, Nodes, Hubs, MaxDegree, Records, Seed, Connection, PgData })
        {
            command.Options.Add(option);
        }
    }

    /// <summary>The preset with any explicit sizes applied; explicit sizes make it a "custom" dataset.</summary>
    public DatasetSpec ToSpec(ParseResult result)
    {
        var preset = DatasetSpec.FromPreset(result.GetValue(Dataset)!);
        var spec = preset with
        {
            Nodes = result.GetValue(Nodes) ?? preset.Nodes,
            Hubs = result.GetValue(Hubs) ?? preset.Hubs,
            MaxDegree = result.GetValue(MaxDegree) ?? preset.MaxDegree,
            Records = result.GetValue(Records) ?? preset.Records,
            Seed = result.GetValue(Seed),
        };
        if (spec != preset with { Seed = spec.Seed })
        {
            spec = spec with { Preset = "custom" };
        }
        var problems = spec.Validate();
        if (problems.Count > 0)
        {
            throw new UserFacingException("The dataset cannot be generated: " + string.Join(" ", problems));
        }
        return spec;
    }

    private static Option<int?> PositiveInt(string name, string description)
    {
        var option = new Option<int?>(name) { Description = description, HelpName = "N" }.WithNumberParser();
        option.Validators.Add(result =>
        {
            if (result.TryGet<int?>(out var value) && value is <= 0)
            {
                result.AddError($"{name} must be a positive whole number (was {value}).");
            }
        });
        return option;
    }
}
